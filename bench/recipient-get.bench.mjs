// Benchmark: GET /recipients/{id} through the whole stack (gateway → RecipientService.GetRecipient
// → store, unless the gateway answers from its recipient cache) on a store that already holds data,
// next to the baseline (bare fastify + one findOne of the same recipients on the same store) in the same
// run: CPU-ms per request of every process and store operations per request over a fixed number of
// requests, then p50/p99 at a fixed offered rate (bench/read-stack.mjs). `npm run bench`.
// Env: BENCH_RATE (req/s offered, default 500), BENCH_DURATION (s, default 10), BENCH_CONNECTIONS
//      (default 50), BENCH_WARMUP (s, default 3), BENCH_REQUESTS / BENCH_CPU_CONNECTIONS (the CPU
//      window: that many requests at that many connections, default 5,000 / 10), BENCH_IDLE (s of
//      the idle window, default 10), BENCH_RECIPIENTS (the project's recipients the reads cycle
//      through, default 1000), BENCH_SEED_RECIPIENTS / BENCH_SEED_NOTIFICATIONS (other projects'
//      data seeded first, default 100,000 / 200,000), BENCH_CPU_PROF=<dir> (CPU profiles of the
//      Herald CPU window: <dir>/<pid>.cpuprofile), MONGO_URL / NATS_URL as for npm start.
import { ensureDependencies } from '../scripts/lib/deps.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));
const { createRecipients, machine, say, seedOtherProjects, withDeliveryStack } = await import('./delivery-stack.mjs');
const { readSettings, runReadBench, windowProfiler } = await import('./read-stack.mjs');

const settings = readSettings();
const profiler = windowProfiler();

const failed = await withDeliveryStack('get', { extraEnv: profiler.extraEnv }, async (ctx) => {
  const { infra, stack, api, auth, startChild, dbPrefix } = ctx;
  const seeded = await seedOtherProjects({ infra, dbPrefix });
  say(`creating ${settings.recipients} recipients...`);
  await createRecipients(api, settings.recipients);
  // The baseline reads the same recipients of the same project from the recipient service's database.
  const baseline = await startChild('baseline-server.mjs', { MONGO_URL: infra.mongoUrl, MONGO_DB: `${dbPrefix}_recipient`, READ_PROJECT_ID: String(ctx.project.id) });
  const ids = Array.from({ length: settings.recipients }, (_, i) => `r${i}`);
  const baselinePaths = Array.from({ length: settings.recipients }, (_, i) => `/recipients/r${i}`);
  await runReadBench({
    title: 'GET /recipients/{id}',
    unit: 'request',
    targetCpuMs: 0.8,
    settings,
    ctx: { ...ctx, profiler, seeded, machine: machine(infra) },
    herald: { name: 'herald: GET /recipients/{id}', url: stack.baseUrl, headers: auth, paths: ids.map((id) => `/recipients/${id}`) },
    baseline: { name: 'baseline: fastify + one findOne', url: baseline.url, headers: {}, paths: baselinePaths, pid: baseline.pid },
  });
});
process.exit(failed ? 1 : 0);
