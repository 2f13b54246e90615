// Benchmark: feed reads through the gateway (GET /recipients/{id}/notifications/unread_count and the
// first page GET /recipients/{id}/notifications?limit=20) for a recipient with 10,000 delivered
// notifications against one with 10 (the same-run reference), on a store that already holds data
// (seedOtherProjects: 100,000 recipients and 200,000 notifications of another project by default);
// then the unread count at a fixed 500 req/s offered (p99). `node bench/feed.bench.mjs`.
// Env: BENCH_DURATION (s per measurement, default 10), BENCH_CONNECTIONS (default 10),
//      BENCH_MANY (notifications of the big recipient, default 10000), BENCH_RATE (default 500),
//      BENCH_SEED_RECIPIENTS / BENCH_SEED_NOTIFICATIONS (see delivery-stack.mjs).
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { insertNotifications, machine, say, seedOtherProjects, withDeliveryStack } from './delivery-stack.mjs';
import { offerSteady } from './read-stack.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));
const { default: autocannon } = await import('autocannon');

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MANY = Number(process.env.BENCH_MANY ?? 10_000);
const rate = Number(process.env.BENCH_RATE ?? 500);

function measure(url, headers, { seconds = duration, overallRate = 0 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, duration: seconds, ...(overallRate ? { overallRate } : {}) }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r['2xx'] / seconds, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts });
    });
  });
}

const failed = await withDeliveryStack('feed', {}, async ({ infra, stack, api, auth, admin, dbPrefix, project }) => {
  const seeded = await seedOtherProjects({ stack, admin, infra, dbPrefix });
  await api('POST', '/recipients', { id: 'few' });
  await api('POST', '/recipients', { id: 'many' });
  say(`writing 10 and ${MANY} delivered notifications (half read) for the two recipients...`);
  await insertNotifications({ infra, dbPrefix, projectId: Number(project.id), recipients: 1, count: 10, firstId: 6_000_000_000_000, recipientOf: () => 'few' });
  await insertNotifications({ infra, dbPrefix, projectId: Number(project.id), recipients: 1, count: MANY, firstId: 6_100_000_000_000, recipientOf: () => 'many' });
  const load = (await import('node:os')).loadavg()[0].toFixed(2);
  const rows = [];
  for (const [what, path] of [
    ['unread count', (r) => `/recipients/${r}/notifications/unread_count`],
    ['first page (limit 20)', (r) => `/recipients/${r}/notifications?limit=20`],
    ['first unread page', (r) => `/recipients/${r}/notifications?limit=20&read=false`],
  ]) {
    for (const r of ['few', 'many']) {
      await measure(`${stack.baseUrl}${path(r)}`, auth, { seconds: 2 }); // warm-up
      say(`${what}, ${r}`);
      rows.push({ what, r, ...(await measure(`${stack.baseUrl}${path(r)}`, auth)) });
    }
  }
  say(`unread count of "many" at ${rate}/s offered`);
  const fixed = await measure(`${stack.baseUrl}/recipients/many/notifications/unread_count`, auth, { overallRate: rate });
  say(`unread count of "many" at ${rate}/s arriving evenly`);
  const steady = await offerSteady({ url: stack.baseUrl, headers: auth, paths: ['/recipients/many/notifications/unread_count'], seconds: duration, rate, connections });

  console.log(`\nFeed reads, ${connections} connections, ${duration} s each (${machine(infra)}; load at start ${load}; store holding ${seeded.recipients} recipients and ${seeded.notifications} notifications of another project)\n`);
  console.log('| read | recipient | notifications | req/s | p50 ms | p99 ms | failed |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const x of rows) console.log(`| ${x.what} | ${x.r} | ${x.r === 'few' ? 10 : MANY} | ${Math.round(x.rps)} | ${x.p50} | ${x.p99} | ${x.bad} |`);
  const verdicts = [];
  for (const what of new Set(rows.map((x) => x.what))) {
    const few = rows.find((x) => x.what === what && x.r === 'few');
    const many = rows.find((x) => x.what === what && x.r === 'many');
    const ratio = many.p50 / Math.max(1, few.p50);
    verdicts.push(`${what}: p50 many/few ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'})`);
  }
  console.log(`\n${verdicts.join('\n')}`);
  console.log(`unread count of a ${MANY}-notification recipient at ${rate}/s arriving evenly: ${Math.round(steady.rps)}/s answered, p50 ${steady.p50} ms, p99 ${steady.p99} ms, max ${steady.max} ms (target p99 ≤ 20 ms: ${steady.p99 <= 20 && steady.bad === 0 ? 'met' : 'NOT met'})`);
  console.log(`  the same rate from autocannon (overallRate: each connection's share of a second sent back to back at the start of the second): ${Math.round(fixed.rps)}/s achieved, p50 ${fixed.p50} ms, p99 ${fixed.p99} ms`);
  if (rows.some((x) => x.bad > 0) || fixed.bad > 0 || steady.bad > 0) throw new Error('failed requests');
});
process.exit(failed ? 1 : 0);
