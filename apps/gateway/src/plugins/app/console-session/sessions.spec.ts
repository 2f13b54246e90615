import type { ConsoleSessionDoc, SessionRepository } from './session-repository';
import { createConsoleSessions, SESSION_IDLE_MS, SESSION_MAX_MS } from './sessions';
import { DEFAULT_SETTINGS } from '../credentials/project-settings';

const start = new Date('2026-03-02T09:00:00Z').getTime();
const project = { id: 3, name: 'p', settings: DEFAULT_SETTINGS, createdAt: new Date(start), updatedAt: new Date(start) };

/** The session rules over an in-memory store and a clock the test moves (unit test of the rules, not of the store). */
function setup() {
  let now = start;
  const docs = new Map<string, ConsoleSessionDoc>();
  const sessions: SessionRepository = {
    ensureIndexes: async () => undefined,
    insert: async (doc) => void docs.set(doc._id, { ...doc }),
    find: async (hash, at) => {
      const doc = docs.get(hash);
      return doc && doc.expires_at > at ? doc : null;
    },
    extend: async (hash, expiresAt) => void (docs.get(hash)!.expires_at = expiresAt),
    removeExpired: async (at) => docs.forEach((d, k) => d.expires_at <= at && docs.delete(k)),
    remove: async (hash) => void docs.delete(hash),
  };
  const revoked = new Set<number>();
  const console = createConsoleSessions({
    sessions,
    credentials: { keyExists: async (id) => !revoked.has(id), findProject: async (id) => (id === project.id ? project : null) },
    now: () => new Date(now),
  });
  return { console, docs, revoked, advance: (ms: number) => (now += ms) };
}

describe('console sessions', () => {
  it('when a session is opened, then the store keeps a hash of its value, never the value', async () => {
    const { console, docs } = setup();
    const { value } = await console.open(3, 9);
    expect([...docs.keys()]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(JSON.stringify([...docs.values()])).not.toContain(value);
  });

  it('when used within its idle time, then it stands for its key and is renewed from the use', async () => {
    const { console, advance } = setup();
    const { value } = await console.open(3, 9);
    advance(SESSION_IDLE_MS - 1000);
    const used = await console.resolve(value);
    expect(used).toMatchObject({ principal: { kind: 'key', projectId: 3, keyId: 9, scope: 'full' }, project: { id: 3 } });
    expect(used!.renewedUntil!.getTime()).toBe(start + 2 * SESSION_IDLE_MS - 1000);
    advance(SESSION_IDLE_MS - 1000);
    expect(await console.resolve(value)).not.toBeNull();
  });

  it('when used again within a minute, then it is not written again', async () => {
    const { console, advance } = setup();
    const { value } = await console.open(3, 9);
    advance(30_000);
    expect((await console.resolve(value))!.renewedUntil).toBeNull();
  });

  it('when idle past its time, then it has ended', async () => {
    const { console, advance } = setup();
    const { value } = await console.open(3, 9);
    advance(SESSION_IDLE_MS);
    expect(await console.resolve(value)).toBeNull();
  });

  it('when used all along, then it still ends at its longest lifetime', async () => {
    const { console, advance } = setup();
    const { value } = await console.open(3, 9);
    for (let t = 0; t < SESSION_MAX_MS - SESSION_IDLE_MS; t += SESSION_IDLE_MS / 2) {
      advance(SESSION_IDLE_MS / 2);
      expect(await console.resolve(value)).not.toBeNull();
    }
    advance(SESSION_IDLE_MS);
    expect(await console.resolve(value)).toBeNull();
  });

  it('when its key is revoked, then it ends at once and is removed', async () => {
    const { console, docs, revoked } = setup();
    const { value } = await console.open(3, 9);
    revoked.add(9);
    expect(await console.resolve(value)).toBeNull();
    expect(docs.size).toBe(0);
  });

  it('when opened with the admin token, then it stands for the project with no key behind it', async () => {
    const { console } = setup();
    const { value } = await console.open(3, null);
    expect((await console.resolve(value))!.principal).toEqual({ kind: 'key', projectId: 3, keyId: 0, scope: 'full' });
  });

  it('when signed out, then the value is void', async () => {
    const { console } = setup();
    const { value } = await console.open(3, 9);
    await console.end(value);
    expect(await console.resolve(value)).toBeNull();
  });
});
