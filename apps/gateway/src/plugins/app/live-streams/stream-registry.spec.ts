import type { CloseReason } from './live-connection';
import { projectShareOf, StreamRegistry, type StreamBinding, type StreamLimits, type StreamSlot } from './stream-registry';

const HOUR = 3_600_000;
const limits: StreamLimits = { maxPerRecipient: 2, maxPerProject: 3, maxActivityPerProject: 2, maxOpen: 4, maxBufferedBytes: 1000, maxLifetimeMs: HOUR };

/** A stand-in for an open connection: records how it was closed, and releases its slot as the route does. */
function fakeConn(slot: StreamSlot) {
  const conn = {
    closed: [] as CloseReason[],
    close(reason: CloseReason) {
      conn.closed.push(reason);
      slot.release();
    },
    heartbeat: () => undefined,
  };
  slot.attach(conn);
  return conn;
}

describe('StreamRegistry', () => {
  let now = 0;
  beforeEach(() => {
    jest.useFakeTimers();
    now = Date.now();
  });
  afterEach(() => jest.useRealTimers());

  const registry = (l: Partial<StreamLimits> = {}) => new StreamRegistry({ ...limits, ...l }, { now: () => Date.now(), random: () => 0 });
  const binding = (b: Partial<StreamBinding> = {}): StreamBinding => ({ projectId: 1, recipientId: 'ann', keyId: 7, ...b });
  const open = (r: StreamRegistry, b: Partial<StreamBinding> = {}) => {
    const slot = r.admit(binding(b));
    if (typeof slot === 'string') throw new Error(`refused: ${slot}`);
    return { slot, conn: fakeConn(slot) };
  };

  it.each([
    ['recipient', [{}, {}], {}],
    ['project', [{ recipientId: 'a' }, { recipientId: 'b' }, { recipientId: 'c' }], { recipientId: 'd' }],
    ['replica_streams', [{ recipientId: 'a' }, { recipientId: 'b' }, { projectId: 2 }, { projectId: 2, recipientId: 'b' }], { projectId: 3 }],
  ] as const)('when the %s limit is reached, then a new stream is refused by it; a closed one frees its place', (limit, before, next) => {
    const r = registry();
    const opened = before.map((b) => open(r, b));
    expect(r.admit(binding(next))).toBe(limit);
    opened[0].slot.release();
    expect(typeof r.admit(binding(next))).toBe('object');
  });

  it('when no per-project limit is configured, then a project may hold a fifth of the replica\'s streams; other projects still get theirs', () => {
    expect([projectShareOf(10_000), projectShareOf(10), projectShareOf(1)]).toEqual([2000, 2, 1]);
    const r = registry({ maxPerProject: projectShareOf(10), maxOpen: 10 });
    open(r, { recipientId: 'a' });
    open(r, { recipientId: 'b' });
    expect(r.admit(binding({ recipientId: 'c' }))).toBe('project');
    expect(typeof r.admit(binding({ projectId: 2 }))).toBe('object');
  });

  it('when the replica is full, then a new stream is refused by the replica (503: retry elsewhere) even where a tenant limit is also reached', () => {
    const r = registry({ maxPerRecipient: 1, maxPerProject: 1, maxOpen: 1 });
    open(r);
    expect(r.admit(binding())).toBe('replica_streams');
  });

  it('when the streams of the replica hold their byte bound, then a new stream (or a replay that would pass it) is refused until they hold less', () => {
    const r = registry();
    const a = open(r, { recipientId: 'a' });
    a.slot.buffered(900);
    expect(r.admit(binding({ recipientId: 'b' }), 200)).toBe('replica_bytes');
    a.slot.buffered(-500);
    const b = r.admit(binding({ recipientId: 'b' }), 200);
    expect(typeof b).toBe('object');
    expect(r.bufferedBytes).toBe(600);
    (b as StreamSlot).release();
    a.slot.release();
    expect(r.bufferedBytes).toBe(0);
  });

  it('when a recipient token expires, then its stream ends then, not before', () => {
    const r = registry();
    const { conn } = open(r, { expiresAtMs: now + 90_000 });
    jest.advanceTimersByTime(89_999);
    expect(conn.closed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(conn.closed).toEqual(['token_expired']);
    expect(r.open).toBe(0);
  });

  it('when a recipient token is valid for 30 days (past the longest Node timer), then its stream ends at its expiry, not at once', () => {
    const DAY = 24 * HOUR;
    const r = registry({ maxLifetimeMs: 60 * DAY });
    const { conn } = open(r, { expiresAtMs: now + 30 * DAY });
    jest.advanceTimersByTime(1000);
    expect(conn.closed).toEqual([]);
    jest.advanceTimersByTime(30 * DAY - 1001);
    expect(conn.closed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(conn.closed).toEqual(['token_expired']);
  });

  it('when a stream reaches its maximum lifetime, then it ends (spread downwards by up to a tenth)', () => {
    const spread = new StreamRegistry(limits, { now: () => Date.now(), random: () => 0.5 });
    const slot = spread.admit(binding()) as StreamSlot;
    const conn = fakeConn(slot);
    const keyed = open(registry(), { expiresAtMs: now + 2 * HOUR });
    jest.advanceTimersByTime(0.95 * HOUR - 1);
    expect(conn.closed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(conn.closed).toEqual(['max_lifetime']);
    jest.advanceTimersByTime(0.05 * HOUR);
    expect(keyed.conn.closed).toEqual(['max_lifetime']);
  });

  it('when a stream takes long to start, then its lifetime counts from its start, while its token expiry stays', () => {
    const r = registry();
    const slow = r.admit(binding()) as StreamSlot;
    const token = r.admit(binding({ recipientId: 'bob', expiresAtMs: now + HOUR + 10_000 })) as StreamSlot;
    jest.advanceTimersByTime(30_000);
    const [a, b] = [fakeConn(slow), fakeConn(token)];
    jest.advanceTimersByTime(HOUR - 20_000);
    expect([a.closed, b.closed]).toEqual([[], ['token_expired']]);
    jest.advanceTimersByTime(19_999);
    expect(a.closed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(a.closed).toEqual(['max_lifetime']);
  });

  it('when a key is revoked, then every stream that depends on it ends at once, and no other', () => {
    const r = registry();
    const byKey = open(r, { keyId: 7 });
    const byToken = open(r, { keyId: 7, recipientId: 'bob', expiresAtMs: now + HOUR });
    const other = open(r, { keyId: 8, recipientId: 'cy' });
    expect(r.keyRevoked(7)).toBe(2);
    expect([byKey.conn.closed, byToken.conn.closed, other.conn.closed]).toEqual([['key_revoked'], ['key_revoked'], []]);
    expect(r.open).toBe(1);
  });

  it("when a recipient is erased, then its streams end, whatever opened them, and other recipients' and projects' do not", () => {
    const r = registry({ maxPerRecipient: 5, maxPerProject: 5, maxOpen: 5 });
    const a = open(r, { keyId: 7 });
    const b = open(r, { keyId: 8, expiresAtMs: now + HOUR });
    const sameIdOtherProject = open(r, { projectId: 2 });
    const other = open(r, { recipientId: 'bob' });
    expect(r.recipientErased(1, 'ann')).toBe(2);
    expect([a.conn.closed, b.conn.closed, sameIdOtherProject.conn.closed, other.conn.closed]).toEqual([['recipient_erased'], ['recipient_erased'], [], []]);
  });

  it('when the credential ends while the stream is being set up, then the slot says so and the stream is closed as soon as it attaches', () => {
    const r = registry();
    const slot = r.admit(binding()) as StreamSlot;
    r.keyRevoked(7);
    expect(slot.ended).toBe('key_revoked');
    const conn = fakeConn(slot);
    expect(conn.closed).toEqual(['key_revoked']);
    expect(r.open).toBe(0);
  });

  it('when every stream is closed (shutdown, NATS back), then none is left and their timers are gone', () => {
    const r = registry();
    const a = open(r, { recipientId: 'a', expiresAtMs: now + 1000 });
    const b = open(r, { recipientId: 'b' });
    expect(r.closeAll('nats_reconnected')).toBe(2);
    expect([a.conn.closed, b.conn.closed]).toEqual([['nats_reconnected'], ['nats_reconnected']]);
    expect(jest.getTimerCount()).toBe(0);
  });
  it("when a project holds its activity streams, then the next is refused by the activity limit; they count in the project's streams, and recipients' streams do not count in theirs", () => {
    const r = registry({ maxPerProject: 3, maxOpen: 10 });
    const first = open(r, { recipientId: null });
    open(r, { recipientId: null });
    expect(r.admit(binding({ recipientId: null }))).toBe('activity');
    expect(typeof r.admit(binding({ recipientId: null, projectId: 2 }))).toBe('object');
    open(r, { recipientId: 'ann' });
    expect(r.admit(binding({ recipientId: 'bob' }))).toBe('project');
    first.slot.release();
    expect(typeof r.admit(binding({ recipientId: null }))).toBe('object');
  });

  it('when a console session is signed out, then the streams opened with it end, and others do not; at its expiry they end as session_ended', () => {
    const r = registry({ maxPerRecipient: 5, maxActivityPerProject: 5, maxPerProject: 5, maxOpen: 5 });
    const a = open(r, { recipientId: null, sessionId: 's1', expiresAtMs: now + HOUR });
    const b = open(r, { recipientId: null, sessionId: 's2', expiresAtMs: now + 60_000 });
    const other = open(r, { recipientId: null });
    expect(r.sessionEnded('s1')).toBe(1);
    expect([a.conn.closed, b.conn.closed, other.conn.closed]).toEqual([['session_ended'], [], []]);
    jest.advanceTimersByTime(60_000);
    expect(b.conn.closed).toEqual(['session_ended']);
    expect(r.open).toBe(1);
  });
});
