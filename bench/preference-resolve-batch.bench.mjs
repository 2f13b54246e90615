// Benchmark: PreferenceService.ResolveBatch for 1,000 recipients, called directly over gRPC (as the
// delivery service does), with a 20-entry catalog and own rules for a third of the recipients.
// Env: BENCH_ITERATIONS (default 200), BENCH_WARMUP_ITERATIONS (default 20); MONGO_URL / NATS_URL.
import os from 'node:os';
import { benchCatalog, say, withPreferenceStack } from './preference-stack.mjs';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const warmupIterations = Number(process.env.BENCH_WARMUP_ITERATIONS ?? 20);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const failed = await withPreferenceStack('preference-resolve', async ({ infra, project, api, rpc }) => {
  const projectId = BigInt(project.id);
  const catalog = benchCatalog(20);
  await api('PUT', '/preferences', catalog);
  const t = catalog[3]; // a concrete topic whose channel/event also has rules on `topic: any`
  const target = { channel: t.channel, topic: t.topic, event: t.event };
  const recipientIds = Array.from({ length: 1000 }, (_, i) => `bench-r${i}`);
  say('seeding rules for a third of the recipients...');
  for (let i = 0; i < recipientIds.length; i += 3) {
    const ruleTarget = i % 2 === 0 ? target : { ...target, topic: 'any' };
    await rpc.setPreference({ projectId, recipientId: recipientIds[i], target: ruleTarget, medium: 'email', enabled: i % 4 === 0 });
    // Plus a rule on another target, so documents carry more than the rule asked for.
    await rpc.setPreference({ projectId, recipientId: recipientIds[i], target: { ...target, event: 'other' }, medium: 'in_app', enabled: false });
  }
  const call = () => rpc.resolveBatch({ projectId, target, medium: 'email', recipientIds });
  const first = await call();
  if (first.enabled.length !== 1000) throw new Error('wrong answer size');
  for (let i = 0; i < warmupIterations; i++) await call();
  say(`measuring ${iterations} sequential calls...`);
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const f = (x) => x.toFixed(1);
  console.log(`\nResolveBatch, 1,000 recipients, 20 catalog entries, rules for 334 recipients; ${iterations} sequential calls (${os.cpus().length} CPUs, node ${process.version}, store: ${infra.source})\n`);
  console.log('| median ms | p90 ms | p99 ms | max ms | enabled in answer |');
  console.log('|---:|---:|---:|---:|---:|');
  console.log(`| ${f(quantile(times, 0.5))} | ${f(quantile(times, 0.9))} | ${f(quantile(times, 0.99))} | ${f(times[times.length - 1])} | ${first.enabled.filter(Boolean).length} |`);
  console.log(`\nmedian ${f(quantile(times, 0.5))} ms (target ≤ 50 ms): ${quantile(times, 0.5) <= 50 ? 'met' : 'NOT met'}`);
});
process.exit(failed ? 1 : 0);
