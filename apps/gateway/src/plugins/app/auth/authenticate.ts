import { DomainError } from '@herald/service-kit';
import type { Project } from '../credentials/project-repository';
import { hashApiKey, looksLikeApiKey } from './api-key';
import type { BeforeStoreLookup, CredentialCache } from '../credentials/credential-cache';
import type { Principal } from './principal';
import { isRecipientToken, verifyRecipientToken } from './recipient-token';

export interface AuthenticateDeps {
  credentials: Pick<CredentialCache, 'findKey' | 'keyExists' | 'findProject'>;
  /** The recipient's current incarnation (null: it does not exist), mostly from memory (recipient-presence.ts). */
  recipients: { incarnation(projectId: bigint, recipientId: string, beforeLookup?: BeforeStoreLookup): Promise<number | null> };
  tokenSecret: string;
  now: () => Date;
  /** Runs before anything that cannot be answered from memory; may throw to refuse (failed-auth limit). */
  beforeStoreLookup?: BeforeStoreLookup;
}

const unauthorized = (message: string) => new DomainError('unauthenticated', 'unauthorized', message);

const TOKEN_FAILURES = { expired: 'Token expired', outdated: 'Token no longer valid', malformed: 'Invalid token', bad_signature: 'Invalid token' } as const;

/** Reads the bearer credential of a request: a project API key or a recipient token. */
export async function authenticate(deps: AuthenticateDeps, authorization: string | undefined): Promise<{ principal: Principal; project: Project }> {
  if (!authorization) throw unauthorized('Missing Authorization header');
  const match = /^(\S+)\s+(\S+)\s*$/.exec(authorization);
  if (!match || match[1].toLowerCase() !== 'bearer') throw unauthorized('Authorization must use the Bearer scheme');
  const credential = match[2];
  const guard = deps.beforeStoreLookup;

  if (isRecipientToken(credential)) {
    const check = verifyRecipientToken(deps.tokenSecret, credential, Math.floor(deps.now().getTime() / 1000));
    if (!check.ok) throw unauthorized(TOKEN_FAILURES[check.reason]);
    const claims = check.claims;
    // Bound to the key that minted it (revoked: so is the token) and to the recipient's incarnation
    // (deleted, or deleted and created again: the token is void). Both answered from memory mostly.
    if (!(await deps.credentials.keyExists(claims.keyId, guard))) throw unauthorized('Token no longer valid');
    const project = await deps.credentials.findProject(claims.projectId);
    if (!project) throw unauthorized('Invalid token');
    const incarnation = await deps.recipients.incarnation(BigInt(claims.projectId), claims.recipientId, guard);
    if (incarnation !== claims.incarnation) throw unauthorized('Token no longer valid');
    return { principal: { kind: 'token', ...claims }, project };
  }

  const key = looksLikeApiKey(credential) ? await deps.credentials.findKey(hashApiKey(credential), guard) : null;
  if (!key) throw unauthorized('Invalid API key');
  const project = await deps.credentials.findProject(key.projectId);
  if (!project) throw unauthorized('Invalid API key');
  return { principal: { kind: 'key', projectId: key.projectId, keyId: key.id, scope: key.scope }, project };
}
