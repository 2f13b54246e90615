// Benchmark: GET /recipients/{id}/preferences/check through the whole stack (gateway: recipient
// existence, unless cached; PreferenceService.CheckPreference: the project's catalog and the
// recipient's rules, unless cached) on a store that already holds data, next to the baseline (bare
// fastify + one findOne of the same recipients on the same store) in the same run: CPU-ms per
// request of every process and store operations per request over a fixed number of requests, then
// p50/p99 at a fixed offered rate (bench/read-stack.mjs).
// Env: BENCH_RATE (req/s offered, default 500), BENCH_DURATION (s, default 10), BENCH_CONNECTIONS
//      (default 50), BENCH_WARMUP (s, default 3), BENCH_REQUESTS / BENCH_CPU_CONNECTIONS (the CPU
//      window: that many requests at that many connections, default 5,000 / 10), BENCH_IDLE (s of
//      the idle window, default 10), BENCH_RECIPIENTS (the project's recipients the checks cycle
//      through, default 1000; a third with rules of their own), BENCH_SEED_RECIPIENTS /
//      BENCH_SEED_NOTIFICATIONS (other projects' data seeded first, default 100,000 / 200,000),
//      BENCH_CPU_PROF=<dir> (CPU profiles of the Herald CPU window), MONGO_URL / NATS_URL as for
//      npm start.
import { ensureDependencies } from '../scripts/lib/deps.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));
const { createRecipients, machine, say, seedOtherProjects, withDeliveryStack } = await import('./delivery-stack.mjs');
const { readSettings, runReadBench, windowProfiler } = await import('./read-stack.mjs');
const { benchCatalog } = await import('./preference-stack.mjs');

const settings = readSettings();
const profiler = windowProfiler();

const failed = await withDeliveryStack('check', { extraEnv: profiler.extraEnv }, async (ctx) => {
  const { infra, stack, api, auth, startChild, dbPrefix } = ctx;
  const seeded = await seedOtherProjects({ infra, dbPrefix });
  say(`creating ${settings.recipients} recipients, a 20-entry catalog and rules for a third of them...`);
  await createRecipients(api, settings.recipients);
  const catalog = benchCatalog(20);
  await api('PUT', '/preferences', catalog);
  // Four targets the checks cycle through (both mediums, one on a `topic: any` entry).
  const targets = [catalog[0], catalog[1], catalog[3], catalog[6]];
  for (let i = 0; i < settings.recipients; i += 3) {
    const t = targets[i % targets.length];
    await api('PATCH', `/recipients/r${i}/preferences`, { target: { channel: t.channel, topic: 'any', event: t.event }, medium: t.medium, state: { enabled: i % 2 === 0 } });
  }
  // The baseline reads the same recipients of the same project from the recipient service's database.
  const baseline = await startChild('baseline-server.mjs', { MONGO_URL: infra.mongoUrl, MONGO_DB: `${dbPrefix}_recipient`, READ_PROJECT_ID: String(ctx.project.id) });
  const paths = [];
  for (let i = 0; i < settings.recipients; i++) {
    const t = targets[i % targets.length];
    paths.push(`/recipients/r${i}/preferences/check?${new URLSearchParams({ channel: t.channel, topic: t.topic === 'any' ? 'weekly' : t.topic, event: t.event, medium: t.medium })}`);
  }
  const baselinePaths = Array.from({ length: settings.recipients }, (_, i) => `/recipients/r${i}`);
  await runReadBench({
    title: 'GET /recipients/{id}/preferences/check',
    unit: 'request',
    targetCpuMs: 1.5,
    settings,
    ctx: { ...ctx, profiler, seeded, machine: machine(infra) },
    herald: { name: 'herald: GET …/preferences/check', url: stack.baseUrl, headers: auth, paths },
    baseline: { name: 'baseline: fastify + one findOne', url: baseline.url, headers: {}, paths: baselinePaths, pid: baseline.pid },
  });
});
process.exit(failed ? 1 : 0);
