// Seeds a store "in use" for the broadcast benchmark: recipients of other projects and
// notifications of other projects, written straight to the store with insertMany in batches of
// 1,000 (two batches in flight). Ids are claimed from the services' own sequences (the service
// kit's claim chain, `counters` / `counters_claims`), so the services never hand out a seeded id.
//
// Used by delivery-broadcast.bench.mjs; also runnable against a running stack (e.g. `npm start`):
//   MONGO_URL=mongodb://127.0.0.1:37017 RECIPIENT_DB=herald_recipient DELIVERY_DB=herald_delivery \
//   SEED_RECIPIENTS=100000 SEED_NOTIFICATIONS=200000 node bench/seed-store.mjs
import { MongoClient } from 'mongodb';

const BATCH = 1000;
const OTHER_PROJECTS = 10;

/** Reserves `count` ids of sequence `name` like the service kit does; returns the first. */
export async function claimBlock(db, name, count) {
  const counters = db.collection('counters');
  const claims = db.collection('counters_claims');
  let start = (await counters.findOne({ _id: name }))?.seq ?? 0;
  for (;;) {
    try {
      await claims.insertOne({ _id: `${name}:${start}`, end: start + count });
    } catch (err) {
      if (err.code !== 11000) throw err;
      start = (await claims.findOne({ _id: `${name}:${start}` })).end;
      continue;
    }
    await counters.updateOne({ _id: name }, { $max: { seq: start + count } }, { upsert: true });
    return start + 1;
  }
}

async function inBatches(total, make, insert) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (next < total) {
        const from = next;
        next = Math.min(total, next + BATCH);
        const docs = [];
        for (let i = from; i < next; i++) docs.push(make(i));
        await insert(docs);
      }
    }),
  );
}

/** Returns { recipientsS, notificationsS }. Project ids of the seed: `firstProject` .. + 9. */
export async function seedStore({ mongoUrl, recipientDb, deliveryDb, recipients, notifications, firstProject = 9_000_000_001, log = () => undefined }) {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const now = new Date();
    const t0 = Date.now();
    if (recipients > 0) {
      const rdb = client.db(recipientDb);
      const firstSeq = await claimBlock(rdb, 'recipient', recipients);
      await inBatches(
        recipients,
        (i) => ({
          project_id: firstProject + (i % OTHER_PROJECTS), recipient_id: `seed${i}`, name: null, seq: firstSeq + i,
          state: 'active', deleted_at: null, created_at: now, updated_at: now,
        }),
        (docs) => rdb.collection('recipients').insertMany(docs, { ordered: false }),
      );
      log(`seeded ${recipients} recipients of ${OTHER_PROJECTS} other projects`);
    }
    const recipientsS = (Date.now() - t0) / 1000;
    const t1 = Date.now();
    if (notifications > 0) {
      const ddb = client.db(deliveryDb);
      const firstId = await claimBlock(ddb, 'notifications', notifications);
      const email = { status: 'not_requested', reason: null, address: null, message_id: null, attempts: 0, sent_at: null, error: null };
      const settings = { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null };
      await inBatches(
        notifications,
        (i) => ({
          _id: firstId + i, project_id: firstProject + (i % OTHER_PROJECTS), recipient_id: `seed${i % Math.max(1, recipients)}`,
          broadcast_id: null, key: `d:${firstId + i}`, target: { channel: 'news', topic: 'weekly', event: 'digest' },
          payload_json: '{"title":"seeded"}', read: i % 3 === 0, opened: false, status: 'delivered', email, email_content: null,
          settings, pending: false, created_at: now, updated_at: now,
        }),
        (docs) => ddb.collection('notifications').insertMany(docs, { ordered: false }),
      );
      log(`seeded ${notifications} notifications of ${OTHER_PROJECTS} other projects`);
    }
    return { recipientsS, notificationsS: (Date.now() - t1) / 1000 };
  } finally {
    await client.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const r = await seedStore({
    mongoUrl: env.MONGO_URL ?? 'mongodb://127.0.0.1:37017',
    recipientDb: env.RECIPIENT_DB ?? 'herald_recipient',
    deliveryDb: env.DELIVERY_DB ?? 'herald_delivery',
    recipients: Number(env.SEED_RECIPIENTS ?? 100_000),
    notifications: Number(env.SEED_NOTIFICATIONS ?? 200_000),
    log: (m) => process.stderr.write(`[seed] ${m}\n`),
  });
  console.log(JSON.stringify(r));
}
