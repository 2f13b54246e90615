import { DomainError } from '@herald/service-kit';
import type { ApiKeyRecord } from '../projects/key-repository';
import type { Project } from '../projects/project-repository';
import { DEFAULT_SETTINGS } from '../projects/settings';
import { generateApiKey, hashApiKey } from './api-key';
import { authenticate } from './authenticate';
import { createCredentialCache } from './credential-cache';
import { signRecipientToken } from './recipient-token';

const secret = 'k'.repeat(32);
const now = new Date('2025-01-01T00:00:00Z');
const nowSeconds = now.getTime() / 1000;
const project: Project = { id: 3, name: 'p', settings: DEFAULT_SETTINGS, createdAt: now, updatedAt: now };
const fullKey = generateApiKey('full');
const record: ApiKeyRecord = { id: 9, projectId: 3, scope: 'full', hash: hashApiKey(fullKey), createdAt: now };

/** In-memory stand-ins for the two repositories (unit test of the lookup rules, not of the store). */
function fakeRepos(keys: ApiKeyRecord[] = [record], projects: Project[] = [project]) {
  const calls = { keys: 0, projects: 0 };
  return {
    calls,
    keys: {
      findByHash: async (hash: string) => (calls.keys++, keys.find((k) => k.hash === hash) ?? null),
    },
    projects: {
      findById: async (id: number) => (calls.projects++, projects.find((p) => p.id === id) ?? null),
    },
  };
}

const run = (authorization: string | undefined, repos = fakeRepos()) =>
  authenticate({ credentials: createCredentialCache(repos as never), tokenSecret: secret, now: () => now }, authorization);

const failure = async (authorization: string | undefined) => {
  const err = await run(authorization).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
};

describe('authenticate', () => {
  it('when a known key is presented, then its project and scope are the principal', async () => {
    await expect(run(`Bearer ${fullKey}`)).resolves.toEqual({ principal: { kind: 'key', projectId: 3, keyId: 9, scope: 'full' }, project });
  });

  it('when the scheme is written in another case, then it is still accepted', async () => {
    await expect(run(`bearer ${fullKey}`)).resolves.toMatchObject({ principal: { keyId: 9 } });
  });

  it.each([
    [undefined, 'Missing Authorization header'],
    ['', 'Missing Authorization header'],
    [`Basic ${fullKey}`, 'Authorization must use the Bearer scheme'],
    [fullKey, 'Authorization must use the Bearer scheme'],
    ['Bearer', 'Authorization must use the Bearer scheme'],
    [`Bearer ${generateApiKey('full')}`, 'Invalid API key'],
    ['Bearer not-a-key', 'Invalid API key'],
  ])('when the header is %p, then unauthenticated: %s', async (header, message) => {
    const err = await failure(header);
    expect(err).toMatchObject({ kind: 'unauthenticated', code: 'unauthorized', message });
  });

  it('when a valid token is presented, then the principal is its recipient', async () => {
    const token = signRecipientToken(secret, { projectId: 3, recipientId: 'ann', expiresAt: nowSeconds + 60 });
    await expect(run(`Bearer ${token}`)).resolves.toEqual({
      principal: { kind: 'token', projectId: 3, recipientId: 'ann', expiresAt: nowSeconds + 60 },
      project,
    });
  });

  it('when a token has expired, then unauthenticated: Token expired', async () => {
    const token = signRecipientToken(secret, { projectId: 3, recipientId: 'ann', expiresAt: nowSeconds });
    expect((await failure(`Bearer ${token}`)).message).toBe('Token expired');
  });

  it('when a token names a project that does not exist, then unauthenticated', async () => {
    const token = signRecipientToken(secret, { projectId: 404, recipientId: 'ann', expiresAt: nowSeconds + 60 });
    expect((await failure(`Bearer ${token}`)).kind).toBe('unauthenticated');
  });
});

describe('credential cache', () => {
  it('when a key is looked up twice, then the store is asked once', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never);
    await cache.findKey(record.hash);
    await cache.findKey(record.hash);
    expect(repos.calls.keys).toBe(1);
  });

  it('when a key is revoked, then it is refused at once and never cached again', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never);
    expect(await cache.findKey(record.hash)).toEqual(record);
    cache.keyRevoked(record.hash);
    // Even if the store still had it (a lookup racing the revocation), it stays refused.
    expect(await cache.findKey(record.hash)).toBeNull();
  });

  it('when a project changes, then its settings are read again', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never);
    await cache.findProject(3);
    await cache.findProject(3);
    cache.projectChanged(3);
    await cache.findProject(3);
    expect(repos.calls.projects).toBe(2);
  });
});
