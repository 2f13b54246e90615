import { signRecipientToken } from '../auth/recipient-token';

export interface IssueTokenDeps {
  tokenSecret: string;
  now: () => Date;
  /** Fails (recipient_not_found) when the recipient does not exist. */
  assertRecipientExists: (projectId: number, recipientId: string) => Promise<void>;
}

/** Mints a recipient token (decisions §3): bound to one recipient of one project, valid `ttlSeconds`. */
export async function issueRecipientToken(
  deps: IssueTokenDeps,
  input: { projectId: number; recipientId: string; ttlSeconds: number },
): Promise<{ token: string; recipientId: string; expiresAt: Date }> {
  await deps.assertRecipientExists(input.projectId, input.recipientId);
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + input.ttlSeconds;
  const token = signRecipientToken(deps.tokenSecret, { projectId: input.projectId, recipientId: input.recipientId, expiresAt });
  return { token, recipientId: input.recipientId, expiresAt: new Date(expiresAt * 1000) };
}
