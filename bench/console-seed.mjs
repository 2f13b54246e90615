// Seeds one project's store the way a busy week of sends leaves it, straight into the delivery
// database (insertMany in batches; the API path is far too slow for 500,000 on a small machine):
// - `notifications`: direct sends and broadcast notifications over the last week, in the documents'
//   shape as the delivery service writes them (acceptedSendFields, the outcome of each medium asked
//   for, the decision), with a mix of recipients, channels/topics/events, statuses, outcomes and
//   broadcast ids. Ids are claimed from the service's own sequence (seed-store.mjs's claim chain).
//   Resumable and growable: the project's notifications already there are counted and the seed
//   carries on from there, over the same week (its start is kept in `<dataDir>/seed.json`); the i-th
//   notification's time does not depend on the total, so any count of them covers the week evenly.
// - `stats_counts`: the week's counters of the project, as the stats consumer writes them.
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { claimBlock } from './seed-store.mjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
// Large unordered batches: the store's cost per inserted document falls with the batch (one
// statement, one commit); two lanes so one batch is built while the other is written.
const BATCH = 5000;
const COUNTER_BATCH = 1000;
const STATS_MEDIUMS = ['in_app', 'email', 'sms', 'web_push', 'chat', 'mobile_push', 'webhook'];

/** The mix: `u0`…`u4999` (u0 a busy one), 4 channels × 3 topics × 3 events, 20 broadcasts. */
export const SEED_MIX = {
  recipients: 5000,
  channels: ['billing', 'security', 'social', 'news'],
  topics: ['account', 'weekly', 'alerts'],
  events: ['created', 'updated', 'reminder'],
  broadcasts: 20,
  firstBroadcast: 900_000_001,
};

const STATUSES = ['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'suppressed', 'throttled', 'quota_exceeded', 'failed'];
const EMAIL = [
  { status: 'sent', reason: null, error: null },
  { status: 'sent', reason: null, error: null },
  { status: 'skipped', reason: 'preference_disabled', error: null },
  { status: 'skipped', reason: 'no_address', error: null },
  { status: 'failed', reason: 'address_rejected', error: '550 5.1.1 mailbox unavailable' },
];
const NOT_REQUESTED = { status: 'not_requested', reason: null, address: null, message_id: null, attempts: 0, sent_at: null, error: null };

/** The i-th seeded notification (deterministic in i, so a resumed seed writes what one run would). */
export function seededNotification(i, id, projectId, weekStart) {
  const m = SEED_MIX;
  // Spread by the golden ratio's multiples: the first n of them cover the week evenly, for every n.
  const createdAt = new Date(weekStart + Math.floor(((i * 0.6180339887498949) % 1) * WEEK));
  const recipientId = i % 10 === 0 ? 'u0' : `u${(i * 7919) % m.recipients}`;
  const target = { channel: m.channels[i % 4], topic: m.topics[Math.floor(i / 4) % 3], event: m.events[Math.floor(i / 12) % 3] };
  const status = STATUSES[(i * 31) % STATUSES.length];
  const inBroadcast = i % 50 === 7;
  const mailed = i % 2 === 0;
  const e = EMAIL[Math.floor(i / 2) % EMAIL.length];
  const outcome = (o, address) => ({
    status: o.status, reason: o.reason, address: o.status === 'sent' || o.status === 'failed' ? address : null,
    message_id: o.status === 'sent' ? `<${id}@seed.herald>` : null, attempts: o.status === 'skipped' ? 0 : 1,
    sent_at: o.status === 'sent' ? new Date(createdAt.getTime() + 800) : null, error: o.error,
    ...(o.status === 'sent' ? { provider: 'smtp' } : {}),
  });
  const rule = { kind: 'catalog_entry', id: 1 + (i % 36), label: `${target.channel} ${target.topic}`, target, medium: 'email', default_enabled: true, mandatory: false };
  const email = mailed ? outcome(e, `${recipientId}@example.com`) : NOT_REQUESTED;
  const sms = i % 5 === 0 ? outcome(EMAIL[Math.floor(i / 5) % EMAIL.length], '+15550100') : null;
  const push = i % 7 === 0 ? outcome(EMAIL[Math.floor(i / 7) % 3], 'https://push.example/ep') : null;
  return {
    _id: id, project_id: projectId, recipient_id: recipientId, recipient_seq: 1 + (i % m.recipients),
    broadcast_id: inBroadcast ? m.firstBroadcast + (i % m.broadcasts) : null, target,
    // The top-level copies the activity filters use (apps/delivery-service/src/kernel/store/activity-keys.ts).
    target_channel: target.channel, target_topic: target.topic, target_event: target.event,
    email_status: email.status, ...(sms ? { sms_status: sms.status } : {}), ...(push ? { push_status: push.status } : {}),
    payload_json: JSON.stringify({ title: `Notification ${i}`, body: 'Something happened that you may want to look at.', url: `https://example.com/n/${i}` }),
    read: i % 3 === 0, opened: i % 9 === 0, status,
    email, email_content: null, ...(sms ? { sms } : {}), ...(push ? { push } : {}),
    decision: { in_app: { because: 'medium_default' }, ...(mailed ? { email: e.reason === 'preference_disabled' ? { because: 'recipient_rule', rule: { kind: 'recipient_rule', target, medium: 'email', enabled: false, set_at: createdAt, set_via: 'api_key' } } : { because: 'catalog_entry', rule } } : {}) },
    expires_at: new Date(createdAt.getTime() + 90 * DAY), created_at: createdAt, updated_at: createdAt,
  };
}

/**
 * Seeds `total` notifications of `projectId` (carrying on from those already there) and the week's
 * counters. Returns { notifications, written, seconds, counters }.
 */
export async function seedConsoleStore({ mongoUrl, deliveryDb, projectId, total, dataDir, log }) {
  const stateFile = path.join(dataDir, 'seed.json');
  const state = fs.existsSync(stateFile) ? JSON.parse(fs.readFileSync(stateFile, 'utf8')) : { weekStart: Date.now() - WEEK };
  fs.writeFileSync(stateFile, JSON.stringify(state));
  const client = await MongoClient.connect(mongoUrl);
  try {
    const db = client.db(deliveryDb);
    const col = db.collection('notifications');
    const have = await col.countDocuments({ project_id: projectId });
    const t0 = Date.now();
    let next = have;
    let written = 0;
    if (have < total) {
      log(`seeding notifications ${have}..${total - 1} of project ${projectId}`);
      const firstId = (await claimBlock(db, 'notifications', total - have)) - have;
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          while (next < total) {
            const from = next;
            const to = Math.min(total, from + BATCH);
            next = to;
            const docs = [];
            for (let i = from; i < to; i++) docs.push(seededNotification(i, firstId + i, projectId, state.weekStart));
            await col.insertMany(docs, { ordered: false });
            written += to - from;
            if (Math.floor(to / 25_000) > Math.floor(from / 25_000)) log(`  ${have + written} of ${total} (${Math.round(written / ((Date.now() - t0) / 1000))}/s)`);
          }
        }),
      );
    }
    const counters = await seedCounters(db, projectId);
    return { notifications: Math.max(have, total), written: Math.max(0, total - have), seconds: (Date.now() - t0) / 1000, counters };
  } finally {
    await client.close();
  }
}

/** A week of counters of one project, as the stats consumer writes them (replaced on each run). */
export async function seedCounters(db, projectId) {
  const col = db.collection('stats_counts');
  const counts = () => Object.fromEntries(STATS_MEDIUMS.map((m) => [m, { delivered: 50, suppressed: 3, quota: 1, failed: 2, bounced: 1 }]));
  const now = Date.now();
  const docs = [];
  const add = (interval, step, n, keptMs) => {
    for (let i = 0; i < n; i++) {
      const start = Math.floor(now / step) * step - i * step;
      docs.push({ _id: `${projectId}:${interval}:${start}`, project_id: projectId, interval, start: new Date(start), counts: counts(), expires_at: new Date(start + keptMs) });
    }
  };
  add('minute', MINUTE, 2 * 24 * 60, 2 * DAY);
  add('hour', HOUR, 7 * 24, 62 * DAY);
  add('day', DAY, 8, 732 * DAY);
  await col.deleteMany({ project_id: projectId });
  for (let i = 0; i < docs.length; i += COUNTER_BATCH) await col.insertMany(docs.slice(i, i + COUNTER_BATCH), { ordered: false });
  return docs.length;
}
