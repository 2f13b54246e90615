import { DomainError } from '@herald/service-kit';
import type { ApiKeyRecord } from '../credentials/key-repository';
import type { Project } from '../credentials/project-repository';
import { DEFAULT_SETTINGS } from '../credentials/project-settings';
import { generateApiKey, hashApiKey } from './api-key';
import { authenticate } from './authenticate';
import { createCredentialCache } from '../credentials/credential-cache';
import { signRecipientToken, type RecipientTokenClaims } from './recipient-token';
import { invalidateOn } from '@herald/service-kit';

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
      findById: async (id: number) => (calls.keys++, keys.find((k) => k.id === id) ?? null),
    },
    projects: {
      findById: async (id: number) => (calls.projects++, projects.find((p) => p.id === id) ?? null),
    },
  };
}

/** Recipients of the fake recipient service: id → incarnation (created_at, ms). */
const ANN_INCARNATION = 1_735_000_000_123;
const fakeRecipients = (known: Record<string, number> = { ann: ANN_INCARNATION }) => ({
  incarnation: async (_projectId: bigint, id: string) => known[id] ?? null,
});

const run = (authorization: string | undefined, repos = fakeRepos(), recipients = fakeRecipients()) =>
  authenticate({ credentials: createCredentialCache(repos as never), recipients, tokenSecret: secret, now: () => now }, authorization);

const tokenFor = (claims: Partial<RecipientTokenClaims> = {}) =>
  signRecipientToken(secret, { projectId: 3, recipientId: 'ann', expiresAt: nowSeconds + 60, keyId: 9, incarnation: ANN_INCARNATION, ...claims });

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
    const token = tokenFor();
    await expect(run(`Bearer ${token}`)).resolves.toEqual({
      principal: { kind: 'token', projectId: 3, recipientId: 'ann', expiresAt: nowSeconds + 60, keyId: 9, incarnation: ANN_INCARNATION },
      project,
    });
  });

  it('when a token has expired, then unauthenticated: Token expired', async () => {
    const token = tokenFor({ expiresAt: nowSeconds });
    expect((await failure(`Bearer ${token}`)).message).toBe('Token expired');
  });

  it('when a token names a project that does not exist, then unauthenticated', async () => {
    const token = tokenFor({ projectId: 404 });
    expect((await failure(`Bearer ${token}`)).kind).toBe('unauthenticated');
  });

  it('when the key that minted a token no longer exists (revoked), then unauthenticated', async () => {
    const err = await run(`Bearer ${tokenFor({ keyId: 10 })}`).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'unauthenticated', message: 'Token no longer valid' });
  });

  it('when the minting key is revoked after the token was used, then the cached key answer is dropped and the token refused', async () => {
    const repos = fakeRepos();
    const credentials = createCredentialCache(repos as never);
    const deps = { credentials, recipients: fakeRecipients(), tokenSecret: secret, now: () => now };
    await authenticate(deps, `Bearer ${tokenFor()}`);
    await authenticate(deps, `Bearer ${tokenFor()}`);
    expect(repos.calls.keys).toBe(1);
    credentials.keyIdRevoked(9);
    await expect(authenticate(deps, `Bearer ${tokenFor()}`)).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  it('when a key is revoked by hash after it was used, then the tokens it minted are refused too', async () => {
    const credentials = createCredentialCache(fakeRepos() as never);
    const deps = { credentials, recipients: fakeRecipients(), tokenSecret: secret, now: () => now };
    await authenticate(deps, `Bearer ${fullKey}`);
    credentials.keyRevoked(record.hash);
    await expect(authenticate(deps, `Bearer ${tokenFor()}`)).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  it('when the recipient was deleted, or deleted and created again, then the token is refused', async () => {
    const gone = await run(`Bearer ${tokenFor()}`, fakeRepos(), fakeRecipients({})).catch((e: unknown) => e);
    expect(gone).toMatchObject({ kind: 'unauthenticated', message: 'Token no longer valid' });
    const again = await run(`Bearer ${tokenFor()}`, fakeRepos(), fakeRecipients({ ann: ANN_INCARNATION + 5000 })).catch((e: unknown) => e);
    expect(again).toMatchObject({ kind: 'unauthenticated', message: 'Token no longer valid' });
  });

  it('when a token minted before the binding is presented, then unauthenticated: Token no longer valid', async () => {
    const payload = Buffer.from(JSON.stringify({ p: 3, r: 'ann', e: nowSeconds + 60 })).toString('base64url');
    const { createHmac } = await import('node:crypto');
    const sig = createHmac('sha256', secret).update(payload).digest('base64url');
    expect((await failure(`Bearer nk_tok_${payload}.${sig}`)).message).toBe('Token no longer valid');
  });

  it('when a lookup would need the store and the guard refuses, then nothing is asked; cached answers still pass', async () => {
    const repos = fakeRepos();
    const credentials = createCredentialCache(repos as never);
    const refuse = () => {
      throw new Error('limited');
    };
    const deps = { credentials, recipients: fakeRecipients(), tokenSecret: secret, now: () => now, beforeStoreLookup: refuse };
    await expect(authenticate(deps, `Bearer ${fullKey}`)).rejects.toThrow('limited');
    expect(repos.calls.keys).toBe(0);
    await authenticate({ ...deps, beforeStoreLookup: undefined }, `Bearer ${fullKey}`);
    await expect(authenticate(deps, `Bearer ${fullKey}`)).resolves.toMatchObject({ principal: { keyId: 9 } });
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

  it('when unknown keys flood the cache, then known keys stay cached (a separate, bounded cache)', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never, { maxEntries: 10, maxUnknownEntries: 10 });
    await cache.findKey(record.hash);
    for (let i = 0; i < 50; i++) expect(await cache.findKey(hashApiKey(generateApiKey('full')))).toBeNull();
    const before = repos.calls.keys;
    expect(await cache.findKey(record.hash)).toEqual(record);
    expect(repos.calls.keys).toBe(before);
  });

  it('when an unknown key is asked again within its short lifetime, then the store is asked once; after it, again', async () => {
    let clock = 1_000_000;
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never, { unknownKeyTtlMs: 5_000, now: () => clock });
    const unknown = hashApiKey(generateApiKey('full'));
    await cache.findKey(unknown);
    clock += 5_000;
    await cache.findKey(unknown);
    expect(repos.calls.keys).toBe(1);
    clock += 1;
    await cache.findKey(unknown);
    expect(repos.calls.keys).toBe(2);
  });

  it('when a key is created after it was looked up as unknown, then it works at once on this replica', async () => {
    const later = generateApiKey('full');
    const laterRecord: ApiKeyRecord = { ...record, id: 11, hash: hashApiKey(later) };
    const stored: ApiKeyRecord[] = [record];
    const repos = fakeRepos(stored);
    const cache = createCredentialCache(repos as never);
    expect(await cache.findKey(laterRecord.hash)).toBeNull();
    stored.push(laterRecord);
    cache.keyCreated(laterRecord.hash);
    expect(await cache.findKey(laterRecord.hash)).toEqual(laterRecord);
  });

  it('when the cache is cleared (NATS dropped), then every answer is read again and a lookup in flight is not kept', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never);
    await cache.findKey(record.hash);
    cache.clear();
    await cache.findKey(record.hash);
    expect(repos.calls.keys).toBe(2);

    let release: () => void = () => undefined;
    let asked = 0;
    const slow = {
      ...repos.keys,
      findByHash: () => {
        asked += 1;
        return new Promise<ApiKeyRecord>((r) => (release = () => r(record)));
      },
    };
    const racing = createCredentialCache({ keys: slow, projects: repos.projects } as never);
    const pending = racing.findKey(record.hash);
    racing.clear();
    release();
    await pending;
    // The answer of the lookup that straddled the clear was not kept: the next one asks the store again.
    const again = racing.findKey(record.hash);
    release();
    await again;
    expect(asked).toBe(2);
  });

  it('when disconnected, then found keys are trusted for a second at most', async () => {
    let clock = 1_000_000;
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never, { now: () => clock });
    cache.setOnline(false);
    await cache.findKey(record.hash);
    clock += 1_000;
    await cache.findKey(record.hash);
    expect(repos.calls.keys).toBe(1);
    clock += 1;
    await cache.findKey(record.hash);
    expect(repos.calls.keys).toBe(2);
  });

  it('when a key id is looked up twice, then the store is asked once; a missing id is remembered too', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never);
    expect(await cache.keyExists(9)).toBe(true);
    expect(await cache.keyExists(9)).toBe(true);
    expect(await cache.keyExists(10)).toBe(false);
    expect(await cache.keyExists(10)).toBe(false);
    expect(repos.calls.keys).toBe(2);
  });

  it('when concurrent lookups of one key miss, then the store is asked once', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never);
    const unknown = hashApiKey(generateApiKey('full'));
    await Promise.all([cache.findKey(record.hash), cache.findKey(record.hash), cache.findKey(unknown), cache.findKey(unknown)]);
    expect(repos.calls.keys).toBe(2);
  });

  it.each([
    ['key:<hash>', `key:${record.hash}`, (c: ReturnType<typeof createCredentialCache>) => c.findKey(record.hash), null],
    ['key-id:<id>', 'key-id:9', (c: ReturnType<typeof createCredentialCache>) => c.keyExists(9), false],
  ])('when the change channel names %s, then that credential is refused at once', async (_what, name, read, refused) => {
    const cache = createCredentialCache(fakeRepos() as never);
    expect(await read(cache)).toBeTruthy();
    cache.invalidatable.delete(name);
    expect(await read(cache)).toBe(refused);
  });

  it('when the change channel names a project, then its settings are read again', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never);
    await cache.findProject(3);
    cache.invalidatable.delete('project:3');
    cache.invalidatable.delete('project:not-a-number');
    await cache.findProject(3);
    expect(repos.calls.projects).toBe(2);
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

describe('NATS connection watch', () => {
  /** A status iterator the test feeds by hand, as NatsConnection.status() yields. */
  function fakeStatus() {
    const queue: { type: string }[] = [];
    let wake: (() => void) | null = null;
    let done = false;
    const iterable = {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          while (queue.length > 0) yield queue.shift()!;
          if (done) return;
          await new Promise<void>((r) => (wake = r));
        }
      },
    };
    const push = (type: string) => {
      queue.push({ type });
      wake?.();
    };
    const nc = { status: () => iterable, subscribe: () => ({ unsubscribe: () => undefined }) };
    return { nc: nc as never, push, end: () => ((done = true), wake?.()) };
  }
  const tick = () => new Promise((r) => setImmediate(r));

  it('when the connection drops and comes back, then the key cache is emptied both times (a revocation may have been missed)', async () => {
    const repos = fakeRepos();
    const cache = createCredentialCache(repos as never);
    const status = fakeStatus();
    const logger = { warn: () => undefined };
    invalidateOn(status.nc, { subject: 'revoked', keysOf: () => [], caches: [cache.invalidatable], logger, what: 'test' });
    await cache.findKey(record.hash);
    status.push('disconnect');
    await tick();
    await cache.findKey(record.hash);
    expect(repos.calls.keys).toBe(2);
    status.push('reconnecting');
    await tick();
    await cache.findKey(record.hash);
    expect(repos.calls.keys).toBe(2);
    status.push('reconnect');
    await tick();
    await cache.findKey(record.hash);
    expect(repos.calls.keys).toBe(3);
    await cache.findKey(record.hash);
    expect(repos.calls.keys).toBe(3);
    status.end();
  });
});
