import { signRecipientToken } from '../../plugins/app/auth/recipient-token';

export interface IssueTokenDeps {
  tokenSecret: string;
  now: () => Date;
  /** The recipient's incarnation (`created_at`, Unix ms); fails (recipient_not_found) when it does not exist. */
  recipientIncarnation: (projectId: number, recipientId: string) => Promise<number>;
}

/**
 * Mints a recipient token: bound to one recipient of one project, valid `ttlSeconds`,
 * and to what can revoke it: the minting key and the recipient's current incarnation.
 */
export async function issueRecipientToken(
  deps: IssueTokenDeps,
  input: { projectId: number; recipientId: string; ttlSeconds: number; keyId: number },
): Promise<{ token: string; recipientId: string; expiresAt: Date }> {
  const incarnation = await deps.recipientIncarnation(input.projectId, input.recipientId);
  const expiresAt = Math.floor(deps.now().getTime() / 1000) + input.ttlSeconds;
  const token = signRecipientToken(deps.tokenSecret, { projectId: input.projectId, recipientId: input.recipientId, expiresAt, keyId: input.keyId, incarnation });
  return { token, recipientId: input.recipientId, expiresAt: new Date(expiresAt * 1000) };
}
