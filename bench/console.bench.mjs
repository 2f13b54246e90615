// Benchmark: the console's reads on a large store. One project holding BENCH_NOTIFICATIONS
// notifications (default 500,000) over the last week and the week's stats counters, seeded straight
// into the delivery database (console-seed.mjs). Then, through the gateway as the console calls it:
// - the activity page (`GET /notifications?limit=25`) with no filter, with each filter it serves,
//   with a time range and on a later page (cursor), each offered at BENCH_RATE req/s (default 20)
//   arriving evenly for BENCH_DURATION s (default 10);
// - the overview (`GET /stats` for the last hour by minute, the last day by hour and the last week by day,
//   as the page asks them, and the week by hour as an API client may) at BENCH_OVERVIEW_RATE req/s;
// printing p50/p99 and the CPU-ms per request of every process (utime + stime from /proc).
//
// `npm run bench:console`. The seed takes minutes: keep it with BENCH_DATA_DIR=<dir> (the store, the
// broker and `stack.json` with the project and its key stay there; the next run with the same
// directory starts on that store and carries the seed on from where it stopped, so an interrupted
// seed resumes). Without it, a temporary directory is used and removed.
// Env: BENCH_NOTIFICATIONS, BENCH_RATE, BENCH_OVERVIEW_RATE (default 2), BENCH_DURATION, BENCH_CONNECTIONS (default 10),
//      BENCH_DATA_DIR, BENCH_CPU_PROF=<dir> (V8 profiles of the Herald processes over the windows whose
//      name holds BENCH_PROFILE, default "last week"; FERRETDB_DEBUG_ADDR serves the store's pprof).
// Needs the npm dependencies installed (npm ci); it does not install them itself.
import os from 'node:os';
import { MongoClient } from 'mongodb';
import { seedConsoleStore, SEED_MIX } from './console-seed.mjs';
import { json, machine, say, stackPids, withDeliveryStack, windowProfiler } from './delivery-stack.mjs';
import { measureWindow, offerSteady } from './read-stack.mjs';

const total = Number(process.env.BENCH_NOTIFICATIONS ?? 500_000);
const rate = Number(process.env.BENCH_RATE ?? 20);
// The overview page makes one call per range shown and refreshes every 30 s: a few a second is already many operators.
const overviewRate = Number(process.env.BENCH_OVERVIEW_RATE ?? 2);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HOUR = 3_600_000;
const ACTIVITY_TARGET_MS = 100;
const OVERVIEW_TARGET_MS = 200;

/** Each activity query the console makes, several values of its filter cycled. */
function activityQueries(weekStart) {
  const m = SEED_MIX;
  const day = (d) => new Date(weekStart + d * 24 * HOUR).toISOString();
  const each = (values, make) => values.map((v) => `/notifications?limit=25&${make(v)}`);
  return [
    ['no filter', each([0], () => '')],
    ['recipient_id (busy recipient)', each([0], () => 'recipient_id=u0')],
    ['recipient_id', each([17, 256, 1999, 4242], (r) => `recipient_id=u${r}`)],
    ['recipient_id + status', each([17, 256, 1999, 4242], (r) => `recipient_id=u${r}&status=failed`)],
    ['status', each(['failed', 'suppressed', 'quota_exceeded'], (s) => `status=${s}`)],
    ['channel', each(m.channels, (c) => `channel=${c}`)],
    ['channel + topic', each(m.topics, (t) => `channel=billing&topic=${t}`)],
    ['channel + topic + event', each(m.events, (e) => `channel=news&topic=alerts&event=${e}`)],
    ['medium + outcome (email failed)', each(['failed'], (o) => `medium=email&outcome=${o}`)],
    ['medium + outcome (sms skipped)', each(['skipped'], (o) => `medium=sms&outcome=${o}`)],
    ['broadcast_id', each([0, 5, 13], (b) => `broadcast_id=${m.firstBroadcast + b}`)],
    ['since + until (one day)', each([1, 3, 5], (d) => `since=${day(d)}&until=${day(d + 1)}`)],
    ['status + since + until', each([2, 4], (d) => `status=failed&since=${day(d)}&until=${day(d + 1)}`)],
  ];
}

/** The overview's calls, as the console's overview page makes them. */
const overviewQueries = () => {
  const to = new Date();
  const stats = (interval, ms) => [`/stats?interval=${interval}&from=${new Date(to.getTime() - ms).toISOString()}&to=${to.toISOString()}`];
  return [
    ['last hour, by minute', stats('minute', HOUR)],
    ['last day, by hour', stats('hour', 24 * HOUR)],
    ['last week, by day', stats('day', 7 * 24 * HOUR)],
    // Not the page's call: the week by hour, as an API client may ask it.
    ['last week, by hour', stats('hour', 7 * 24 * HOUR)],
  ];
};

/** The store fields of the activity filters (apps/delivery-service/src/feed/activity-filter.ts). */
const STORE_FIELD = { recipient_id: 'recipient_id', status: 'status', channel: 'target_channel', topic: 'target_topic', event: 'target_event', broadcast_id: 'broadcast_id' };
const OUTCOME_STATUS_FIELD = { email: 'email_status', sms: 'sms_status', web_push: 'push_status', chat: 'chat_status', mobile_push: 'mobile_push_status' };

/** The store's plan of an activity query's first page (FerretDB: SQLite's plan; MongoDB: the winning plan). */
async function activityPlan(db, projectId, path) {
  const params = new URL(path, 'http://x').searchParams;
  const filter = { project_id: projectId };
  for (const [k, v] of params) if (STORE_FIELD[k]) filter[STORE_FIELD[k]] = k === 'broadcast_id' ? Number(v) : v;
  if (params.has('medium')) filter[OUTCOME_STATUS_FIELD[params.get('medium')]] = params.get('outcome');
  // Every page carries a date range on created_at, from the epoch without since (activity-repository.ts).
  filter.created_at = params.has('since') ? { $gte: new Date(params.get('since')), $lt: new Date(params.get('until')) } : { $gte: new Date(0) };
  return planOf(db.collection('notifications').find(filter).sort({ created_at: -1, _id: -1 }).limit(26));
}

/** The overview's read of a week by hour (stats-repository.ts `read`). */
const overviewPlan = (db, projectId) =>
  planOf(db.collection('stats_counts').find({ project_id: projectId, interval: 'hour', start: { $gte: new Date(Date.now() - 7 * 24 * HOUR), $lt: new Date() } }).sort({ start: 1 }));

/** A query's plan in the store: SQLite's (FerretDB) with what was pushed down, or MongoDB's winning plan. */
async function planOf(cursor) {
  const e = await cursor.explain();
  const sqlite = e.queryPlanner?.Plan?.map((step) => step.detail ?? step.Detail).filter(Boolean);
  const plan = sqlite?.length ? sqlite.join('; ') : JSON.stringify(e.queryPlanner?.winningPlan ?? e.queryPlanner).slice(0, 300);
  const pushed = ['filterPushdown', 'sortPushdown', 'limitPushdown'].filter((k) => k in e).map((k) => `${k} ${e[k]}`).join(', ');
  return `${plan}${pushed ? ` (${pushed})` : ''}`;
}

/** The 5th page of a query (following next_cursor), for the "later page" rows. */
async function laterPage(baseUrl, auth, path, pages = 5) {
  let at = path;
  for (let i = 1; i < pages; i++) {
    const body = await json(await fetch(`${baseUrl}${at}`, { headers: auth }));
    if (!body.data.next_cursor) break;
    at = `${path}&cursor=${body.data.next_cursor}`;
  }
  return at;
}

const profiler = windowProfiler();
const profiled = process.env.BENCH_PROFILE ?? 'last week';
const reuseDir = process.env.BENCH_DATA_DIR || null;
const failed = await withDeliveryStack('console', { reuseDir, extraEnv: profiler.extraEnv }, async ({ infra, stack, auth, dbPrefix, dataDir, project, cpu, reused }) => {
  if (reused) say(`reusing the store in ${dataDir}`);
  const seed = await seedConsoleStore({ mongoUrl: infra.mongoUrl, deliveryDb: `${dbPrefix}_delivery`, projectId: Number(project.id), total, dataDir, log: say });
  say(`${seed.notifications} notifications of the project (${seed.written} written in ${seed.seconds.toFixed(0)} s${seed.written ? `, ${Math.round(seed.written / seed.seconds)}/s` : ''}), ${seed.counters} counter documents`);
  const { weekStart } = JSON.parse((await import('node:fs')).readFileSync(`${dataDir}/seed.json`, 'utf8'));
  const queries = activityQueries(weekStart);
  queries.push(['no filter, 5th page', [await laterPage(stack.baseUrl, auth, '/notifications?limit=25')]]);
  queries.push(['channel, 5th page', [await laterPage(stack.baseUrl, auth, '/notifications?limit=25&channel=security')]]);
  const client = await MongoClient.connect(infra.mongoUrl);
  const plans = [];
  try {
    for (const [what, paths] of queries) plans.push([what, await activityPlan(client.db(`${dbPrefix}_delivery`), Number(project.id), paths[0])]);
    plans.push(['overview, last week by hour', await overviewPlan(client.db(`${dbPrefix}_delivery`), Number(project.id))]);
  } finally {
    await client.close();
  }
  const pids = stackPids(stack);
  const rows = [];
  for (const [group, list, target, groupRate] of [
    ['activity', queries, ACTIVITY_TARGET_MS, rate],
    ['overview', overviewQueries(), OVERVIEW_TARGET_MS, overviewRate],
  ]) {
    for (const [what, paths] of list) {
      for (const p of paths) {
        const res = await fetch(`${stack.baseUrl}${p}`, { headers: auth });
        if (!res.ok) throw new Error(`${what}: ${p} answered ${res.status} ${await res.text()}`);
      }
      say(`${group}: ${what}, ${groupRate}/s for ${duration} s`);
      const r = await measureWindow({ offer: () => offerSteady({ url: stack.baseUrl, headers: auth, paths, seconds: duration, rate: groupRate, connections }), cpu, profile: what.includes(profiled) ? () => profiler.toggle(Object.values(pids)) : undefined });
      rows.push({ group, what, target, ...r });
    }
  }
  if (profiler.dir) say(`CPU profiles of the windows named "${profiled}": ${profiler.files(pids)}`);

  const f2 = (x) => x.toFixed(2);
  const names = ['store', 'gateway', 'delivery-service', 'nats-server'];
  console.log(`\nThe console's reads: ${seed.notifications} notifications of one project over a week, activity ${rate} req/s and overview ${overviewRate} req/s arriving evenly for ${duration} s each, ${connections} connections (${machine(infra)}; load after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})\n`);
  console.log(`| call | p50 ms | p99 ms | max ms | answered/s | failed | CPU-ms per request: all | ${names.join(' | ')} | target |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|${names.map(() => '---:|').join('')}---|`);
  for (const r of rows) {
    const all = Object.values(r.cpuMs).reduce((a, v) => a + v, 0);
    const met = r.bad === 0 && r.p99 <= r.target;
    console.log(`| ${r.group}: ${r.what} | ${r.p50} | ${r.p99} | ${r.max} | ${Math.round(r.rps)} | ${r.bad} | ${f2(all)} | ${names.map((n) => f2(r.cpuMs[n] ?? 0)).join(' | ')} | ≤ ${r.target} ms: ${met ? 'met' : 'NOT met'} |`);
  }
  console.log(`\nThe store's plan of each activity query's first page and of the overview's week (explain):\n`);
  for (const [what, plan] of plans) console.log(`- ${what}: ${plan}`);
  if (rows.some((r) => r.bad > 0)) throw new Error('failed requests');
});
process.exit(failed ? 1 : 0);
