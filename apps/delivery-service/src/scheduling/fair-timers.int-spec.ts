import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { errorOf, eventually } from '@herald/testing';
import type { TimerDoc } from '../kernel/store/timer-repository';
import { startHarness, type Harness } from '../testing/harness';
import { inMs } from '../testing/time-aware';

const LEASE_MS = 500;
const BIG = 50_000;
const SMALL = 10;
const target = { channel: 'ops', topic: 'reminders', event: 'due' };
const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };

jest.setTimeout(300_000);

/** Digest-window timers of a project, ids `digest:<prefix><n>` (digests that do not exist: firing them is only handing on a job). */
const digestTimers = (project: number, prefix: number, n: number, dueMs: number): TimerDoc[] =>
  Array.from({ length: n }, (_, i) => {
    const ref = prefix * 1_000_000 + i;
    return { _id: `digest:${ref}`, kind: 'digest' as const, project_id: project, ref, due_ms: dueMs, created_at: new Date() };
  });

/** The fates of a project's timers made by digestTimers with this prefix (ids sort as strings: same length). */
const fatesOf = (prefix: number) => ({ _id: { $gte: `digest:${prefix}`, $lt: `digest:${prefix + 1}` } });

describe('timers: fair firing across projects', () => {
  let h: Harness;
  let mongo: MongoHandle;
  beforeAll(async () => {
    h = await startHarness({ TIMER_POLL_MS: '50', TIMER_LEASE_MS: String(LEASE_MS) });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo?.close();
    await h?.close();
  });

  it(`when project A has ${BIG} timers due and project B ${SMALL}, all due at once, then all of B's fire before A's 1,000th, and A's all fire`, async () => {
    const a = Number(h.project());
    const b = Number(h.project());
    const [prefixA, prefixB] = [7100, 7200];
    // Pause the runner (its lease epochs are taken by someone else) while the timers are inserted,
    // so they all come due together however long the insert takes; then give the epochs back.
    const leases = mongo.db.collection<{ _id: number; owner: string; expires_at: Date }>('timer_leases');
    const firstPaused = Math.floor(Date.now() / LEASE_MS) + 3;
    await leases.insertMany(Array.from({ length: 400 }, (_, i) => ({ _id: firstPaused + i, owner: 'test-pause', expires_at: new Date(Date.now() + 3_600_000) })));
    await eventually('the runner paused', async () => Date.now() >= firstPaused * LEASE_MS);
    const timers = mongo.db.collection<TimerDoc>('timers');
    const dueMs = Date.now();
    await timers.insertMany([...digestTimers(a, prefixA, BIG, dueMs - 1_000), ...digestTimers(b, prefixB, SMALL, dueMs)]);
    await leases.deleteMany({ owner: 'test-pause' });

    const fates = mongo.db.collection<{ _id: string; at: Date }>('timer_fates');
    const bFired = await eventually('every timer of B fired', async () => {
      const found = await fates.find(fatesOf(prefixB)).toArray();
      return found.length === SMALL ? found : undefined;
    }, { timeoutMs: 120_000 });
    const lastOfB = new Date(Math.max(...bFired.map((f) => f.at.getTime())));
    expect(await fates.countDocuments({ ...fatesOf(prefixA), at: { $lte: lastOfB } })).toBeLessThan(1_000);
    await eventually('every timer of A fired and handed on', async () => (await timers.countDocuments({ project_id: a })) === 0, { timeoutMs: 240_000 });
    expect(await fates.countDocuments(fatesOf(prefixA))).toBe(BIG);
  });
});

describe('timers: the per-project cap on pending timers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ TIMER_MAX_PENDING_PER_PROJECT: '3' });
  });
  afterAll(async () => h?.close());

  it('when a project holds as many pending timers as the cap, then its next scheduled send is refused too_many_pending_timers, and another project still schedules', async () => {
    const project = h.project();
    const scheduled = (p: bigint, i: number) => h.client.send({ projectId: p, settings, recipientId: `r${i}`, target, payloadJson: '{}', sendAt: inMs(3_600_000) });
    for (let i = 0; i < 3; i++) expect((await scheduled(project, i)).notification!.status).toBe('scheduled');
    expect(await errorOf(scheduled(project, 3))).toMatchObject({ code: 'too_many_pending_timers' });
    // A send now is no timer: never refused by the cap.
    expect((await h.client.send({ projectId: project, settings, recipientId: 'r9', target, payloadJson: '{}' })).notification).toBeTruthy();
    expect((await scheduled(h.project(), 0)).notification!.status).toBe('scheduled');
  });
});
