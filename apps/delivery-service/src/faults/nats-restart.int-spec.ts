import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';

const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };
const SENDS = 300;
const LANES = 6;
const RESTART_AFTER = 100;

jest.setTimeout(120_000);

describe('fault: nats-server restarts in the middle of a run of direct sends', () => {
  let h: Harness;
  let mongo: MongoHandle;
  beforeAll(async () => {
    h = await startHarness();
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'test');
  });
  afterAll(async () => {
    await mongo?.close();
    await h?.close();
  });

  it('when the broker restarts mid-run, then every accepted send ends delivered, exactly once', async () => {
    const project = h.project();
    const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0n, monthlyQuota: 100_000n };
    const accepted: bigint[] = [];
    const refused: string[] = [];
    let restart: Promise<void> | null = null;
    let next = 0;
    // The broker restarts once RESTART_AFTER sends are accepted, while the lanes go on sending; the
    // last send of each lane waits for the restart to finish, so the run spans it whatever the machine's speed.
    const lane = async () => {
      while (next < SENDS) {
        const i = next++;
        if (i >= SENDS - LANES) await restart;
        try {
          const r = await h.client.send({ projectId: project, settings, recipientId: `nr${i % 50}`, target, payloadJson: `{"i":${i}}` });
          accepted.push(r.notification!.id);
        } catch (err) {
          refused.push(String(err));
        }
        if (accepted.length >= RESTART_AFTER && !restart) restart = h.restartNats();
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    expect(restart).not.toBeNull();
    await restart;

    // A send is durable once answered: none is refused because the broker is away.
    expect(refused).toEqual([]);
    expect(new Set(accepted).size).toBe(SENDS);
    const statuses = await eventually('every accepted send processed', async () => {
        // Every accepted send written, once: JetStream held each until its notification was inserted.
        const docs = await mongo.db.collection('notifications').find({ project_id: Number(project) }, { projection: { status: 1 } }).toArray();
        return docs.length === SENDS ? docs.map((d) => d.status as string) : undefined;
      }, { timeoutMs: 60_000 }
    );
    expect(statuses.filter((s) => s !== 'delivered')).toEqual([]);
    // exactly once: one quota unit per notification (a job handled twice would take two)
    expect(await mongo.db.collection('quota_units').countDocuments({ project_id: Number(project) })).toBe(SENDS);
    const feed = await h.client.listFeed({ projectId: project, recipientId: 'nr0', limit: 100 });
    expect(feed.notifications).toHaveLength(SENDS / 50);
  });
});
