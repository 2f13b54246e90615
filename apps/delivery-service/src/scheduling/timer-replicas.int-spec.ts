import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';
import { inMs } from '../testing/time-aware';

// The 10,000 (here: 35 s at load 4, 88 s at load 12, most of it accepting the sends and
// delivering them); HERALD_TIMER_SENDS sets another number.
const SENDS = Number(process.env.HERALD_TIMER_SENDS ?? 10_000);
const LANES = 4;
const BATCH = 250;
const target = { channel: 'ops', topic: 'reminders', event: 'due' };

jest.setTimeout(300_000);

/** How many send timers a replica handed on (its lateness histogram counts one per timer fired). */
async function firedSends(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith('herald_timer_lateness_seconds_count') && l.includes('kind="send"'));
  return line ? Number(line.trim().split(/\s+/).at(-1)) : 0;
}

/**
 * Exactly once: two delivery replicas, many scheduled sends due in the same second. The
 * sends are accepted for an hour ahead, then their timers are all made due at once (re-inserted:
 * the test does not depend on how fast the accepts are). The lease epochs are the
 * shortest allowed, so both replicas contend for a lease every half second while the timers are
 * handed on (one fires at a time, see timer-runner.ts; exactly-once rests on the fates, not on it).
 */
describe(`fault: two delivery replicas and ${SENDS} timers due in the same second`, () => {
  let h: Harness;
  let mongo: MongoHandle;
  let second: { metricsPort: number };
  beforeAll(async () => {
    h = await startHarness({ TIMER_POLL_MS: '50', TIMER_LEASE_MS: '500', TIMER_BATCH: '500' });
    second = await h.startReplica();
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo?.close();
    await h?.close();
  });

  it('when they all come due, then each send is fired once and delivered once: one notification, one quota unit, no timer left', async () => {
    const project = h.project();
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 1_000_000n };
    const sendAt = inMs(3_600_000);
    const ids: bigint[] = [];
    let next = 0;
    // Accepted in batches (SendMany, as the gateway sends them), a few calls in flight.
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < SENDS) {
          const from = next;
          next = Math.min(SENDS, next + BATCH);
          const sends = Array.from({ length: next - from }, (_, j) => ({ projectId: project, settings, recipientId: `t${(from + j) % 500}`, target, payloadJson: `{"i":${from + j}}`, sendAt }));
          const { results } = await h.client.sendMany({ sends });
          for (const r of results) {
            expect(r.result.case).toBe('accepted');
            if (r.result.case === 'accepted') ids.push(r.result.value.notification!.id);
          }
        }
      }),
    );
    expect(ids).toHaveLength(SENDS);
    const timers = mongo.db.collection('timers');
    expect(await timers.countDocuments({ project_id: Number(project), kind: 'send' })).toBe(SENDS);
    const before = (await firedSends(h.metricsUrl)) + (await firedSends(`http://127.0.0.1:${second.metricsPort}/metrics`));

    // All due now, in the same second: re-inserted with one due time (one insertMany; updating each
    // timer would cost the local store more than firing it, and make them due one by one).
    const accepted = await timers.find({ project_id: Number(project), kind: 'send' }).toArray();
    await timers.deleteMany({ project_id: Number(project), kind: 'send' });
    const dueMs = Date.now();
    await timers.insertMany(accepted.map((t) => ({ ...t, due_ms: dueMs })));

    const notifications = mongo.db.collection('notifications');
    await eventually('every scheduled send delivered and its timer gone', async () => {
        const delivered = await notifications.countDocuments({ project_id: Number(project), status: 'delivered' });
        const left = await timers.countDocuments({ project_id: Number(project) });
        if (delivered === SENDS && left === 0) return true;
        // What a failure needs to be understood: the sends not delivered, and where they are.
        const other = await notifications.find({ project_id: Number(project), status: { $ne: 'delivered' } }, { projection: { _id: 1, status: 1 } }).limit(20).toArray();
        const written = await notifications.countDocuments({ project_id: Number(project) });
        throw new Error(`${delivered} delivered, ${left} timers left; ${written} written, not delivered: ${JSON.stringify(other)}`);
      }, { timeoutMs: 240_000 }
    );
    const docs = await notifications.find({ project_id: Number(project) }, { projection: { _id: 1, status: 1 } }).toArray();
    expect(docs).toHaveLength(SENDS);
    expect(docs.map((d) => Number(d._id)).sort((a, b) => a - b)).toEqual(ids.map(Number).sort((a, b) => a - b));
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: Number(project) })).toBe(SENDS);
    // Handed on once each, across both replicas.
    const after = (await firedSends(h.metricsUrl)) + (await firedSends(`http://127.0.0.1:${second.metricsPort}/metrics`));
    expect(after - before).toBe(SENDS);
  });
});
