import { DomainError } from '@herald/service-kit';
import type { Project } from '../projects/project-repository';
import { hashApiKey, looksLikeApiKey } from './api-key';
import type { CredentialCache } from './credential-cache';
import type { Principal } from './principal';
import { isRecipientToken, verifyRecipientToken } from './recipient-token';

export interface AuthenticateDeps {
  credentials: Pick<CredentialCache, 'findKey' | 'findProject'>;
  tokenSecret: string;
  now: () => Date;
}

const unauthorized = (message: string) => new DomainError('unauthenticated', 'unauthorized', message);

/** Reads the bearer credential of a request: a project API key or a recipient token (decisions §3). */
export async function authenticate(deps: AuthenticateDeps, authorization: string | undefined): Promise<{ principal: Principal; project: Project }> {
  if (!authorization) throw unauthorized('Missing Authorization header');
  const match = /^(\S+)\s+(\S+)\s*$/.exec(authorization);
  if (!match || match[1].toLowerCase() !== 'bearer') throw unauthorized('Authorization must use the Bearer scheme');
  const credential = match[2];

  let principal: Principal;
  if (isRecipientToken(credential)) {
    const check = verifyRecipientToken(deps.tokenSecret, credential, Math.floor(deps.now().getTime() / 1000));
    if (!check.ok) throw unauthorized(check.reason === 'expired' ? 'Token expired' : 'Invalid token');
    principal = { kind: 'token', ...check.claims };
  } else {
    const key = looksLikeApiKey(credential) ? await deps.credentials.findKey(hashApiKey(credential)) : null;
    if (!key) throw unauthorized('Invalid API key');
    principal = { kind: 'key', projectId: key.projectId, keyId: key.id, scope: key.scope };
  }
  const project = await deps.credentials.findProject(principal.projectId);
  if (!project) throw unauthorized('Invalid API key');
  return { principal, project };
}
