// Benchmark: one broadcast to N recipients through the gateway, from the send to `completed`
// (every notification written and gated), with the delivery service's memory (VmRSS) before, at
// its peak and after. `npm run bench:delivery-broadcast`.
// Env: BENCH_RECIPIENTS (default 10000), BENCH_TIMEOUT (s to wait for completion, default 600);
//      MONGO_URL / NATS_URL as for npm start (else local FerretDB + nats-server in a temp dir).
import { cpuDelta, createRecipients, machine, rssMb, say, sleep, withDeliveryStack } from './delivery-stack.mjs';

const n = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const timeoutS = Number(process.env.BENCH_TIMEOUT ?? 600);
const target = { channel: 'news', topic: 'weekly', event: 'digest' };

const failed = await withDeliveryStack('delivery-broadcast', {}, async ({ infra, api, deliveryPid, cpu }) => {
  say(`creating ${n} recipients (POST /recipients/batch, 1,000 per call)...`);
  const seedStart = Date.now();
  await createRecipients(api, n);
  const seedS = (Date.now() - seedStart) / 1000;
  say(`created in ${seedS.toFixed(1)} s`);
  // Some recipients mute the target, so gating has work to do (they end `suppressed`).
  const muted = Math.min(50, n);
  for (let i = 0; i < muted; i++) await api('PATCH', `/recipients/r${i * Math.floor(n / muted)}/preferences`, { target, medium: 'in_app', state: { enabled: false } });
  await sleep(2000);
  const load = (await import('node:os')).loadavg()[0].toFixed(2);
  const rssBefore = rssMb(deliveryPid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(deliveryPid))), 200);

  const cpuBefore = cpu();
  const t0 = Date.now();
  const sent = await api('POST', '/notifications/send', { recipient_id: null, target, payload: { title: 'Weekly digest' } });
  const id = sent.data.broadcast.id;
  const accepted = Date.now() - t0;
  const progress = [];
  let b;
  for (;;) {
    b = (await api('GET', `/broadcasts/${id}`)).data;
    const s = (Date.now() - t0) / 1000;
    if (progress.length === 0 || s - progress[progress.length - 1].s >= 5) progress.push({ s, created: b.notifications_created });
    if (b.status === 'completed') break;
    if (s > timeoutS) break;
    await sleep(250);
  }
  const totalS = (Date.now() - t0) / 1000;
  clearInterval(sampler);
  const rssAfter = rssMb(deliveryPid);
  const cpuRun = cpuDelta(cpuBefore, cpu());
  const f1 = (x) => x.toFixed(1);

  console.log(`\nBroadcast to ${n} recipients (${machine(infra)}; load at start ${load})\n`);
  console.log('| recipients | status | notifications_created | send answered ms | completed in s | recipients/s | RSS before MB | RSS peak MB | RSS after MB | growth (peak − before) MB |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(`| ${n} | ${b.status} | ${b.notifications_created} | ${accepted} | ${f1(totalS)} | ${Math.round(b.notifications_created / totalS)} | ${f1(rssBefore)} | ${f1(rssPeak)} | ${f1(rssAfter)} | ${f1(rssPeak - rssBefore)} |`);
  console.log(`${muted} of them muted the target in-app (they end suppressed)`);
  console.log(`progress (s → notifications created): ${progress.map((p) => `${f1(p.s)}→${p.created}`).join(', ')}`);
  console.log(`CPU used from the send to completion: ${cpuRun}`);
  console.log(`seeding ${n} recipients through the REST batch: ${f1(seedS)} s`);
  console.log(`\ntarget (100,000 in ≤ 20 s, growth ≤ 100 MB): at this size ${b.status === 'completed' ? `${f1(totalS)} s` : 'not completed'}, ${f1(rssPeak - rssBefore)} MB`);
  if (b.status !== 'completed' || b.notifications_created !== n) throw new Error(`broadcast not completed within ${timeoutS} s: ${JSON.stringify(b)}`);
});
process.exit(failed ? 1 : 0);
