// Benchmark: SMS and web push end to end. N direct sends with an sms block (each to its
// own recipient's E.164 contact) through the gateway, the delivery service and the sink's fake
// Twilio-compatible provider, until every SMS is sent and both of its status callbacks (sent,
// delivered) came back through the gateway; the same N again with the primary SMS provider failing
// (every request answered 503: failover to the secondary, the circuit opens after
// FAILOVER_CONSECUTIVE_FAILURES); then N sends with a push block to each recipient's subscription
// on the sink's fake push service (VAPID verified, aes128gcm decrypted there). Prints the CPU-ms
// per delivery of every process (the sink, which plays the providers, and the load generator left
// out) for each run, and the failover overhead per SMS against the healthy run (target ≤ 10 %).
// Also the store operations per delivery of each run, and a payload-only send of the same N (the
// in-app part every one of these sends pays too).
// `npm run bench:delivery-mediums`. Env: BENCH_MESSAGES (default 1000), BENCH_CONNECTIONS (50),
// BENCH_TIMEOUT (s per run, default 600); BENCH_CPU_PROF=<dir>: CPU profiles of the healthy SMS run.
import { cpuDelta, cpuPerUnit, createRecipients, forEachIndex, machine, payloadOnlySends, sample, say, sendEach, sleep, stackPids, storeOperationsByKind, storeOpsDelta, windowProfiler, withDeliveryStack } from './delivery-stack.mjs';

const n = Number(process.env.BENCH_MESSAGES ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const timeoutS = Number(process.env.BENCH_TIMEOUT ?? 600);
const target = { channel: 'ops', topic: 'deploys', event: 'finished' };
const phone = (i) => `+4915${String(10_000_000 + i)}`;

/** `count` sends built by `body(i)`, `connections` at once; how many failed. */
const offer = async (api, count, body) => (await sendEach(api, count, connections, body)).bad;

const profiler = windowProfiler();

const failed = await withDeliveryStack('delivery-mediums', { extraEnv: profiler.extraEnv }, async ({ infra, stack, api, metrics, cpu }) => {
  if (!infra.smsApiUrl) throw new Error('the sink (with its SMS and push fakes) does not run here: unset SMTP_URL');
  const sink = async (method, path, body) => {
    const res = await fetch(`${infra.smsApiUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`sink ${method} ${path}: ${res.status}`);
    return res.json();
  };
  const vapidKey = (await (await fetch(`${stack.baseUrl}/push/vapid_public_key`)).json()).data.public_key;

  say(`creating ${n} recipients, each with an sms contact and a web push subscription...`);
  await createRecipients(api, n);
  await forEachIndex(n, async (i) => {
    const sub = await sink('POST', '/push/subscriptions', { application_server_key: vapidKey });
    await api('PUT', `/recipients/r${i}/contacts`, { medium: 'sms', address: phone(i) });
    await api('PUT', `/recipients/r${i}/contacts`, { medium: 'web_push', address: JSON.stringify(sub) });
  });
  for (const medium of ['sms', 'web_push']) await api('POST', '/preferences', { ...target, medium, name: `Deploys (${medium})`, default_enabled: true });
  await sleep(1000);

  const sentOf = async (medium) => sample(await metrics(), 'herald_outbound_messages_total', { medium, outcome: 'sent' });
  /** One run: sends, then waits for `done()`; CPU per delivery per process from the first send. */
  async function run(label, medium, body, done, { profile = false } = {}) {
    const before = await sentOf(medium);
    const opsBefore = await storeOperationsByKind(stack);
    const cpuBefore = cpu();
    if (profile) profiler.toggle(Object.values(stackPids(stack)));
    const t0 = Date.now();
    say(`${label}: ${n} sends, ${connections} at once`);
    const bad = await offer(api, n, body);
    let count = 0;
    while ((Date.now() - t0) / 1000 < timeoutS) {
      count = (await sentOf(medium)) - before;
      if (count >= n && (await done())) break;
      await sleep(250);
    }
    const cpuAfter = cpu();
    if (profile) profiler.toggle(Object.values(stackPids(stack)));
    const s = (Date.now() - t0) / 1000;
    if (count < n) throw new Error(`${label}: only ${count} of ${n} sent within ${timeoutS} s`);
    const ops = storeOpsDelta(opsBefore, await storeOperationsByKind(stack));
    return { label, count, bad, s, ops, per: cpuPerUnit(cpuBefore, cpuAfter, count, { exclude: ['smtp-sink'] }), cpu: cpuDelta(cpuBefore, cpuAfter) };
  }

  // Every SMS of this run sent and its two callbacks answered by the gateway.
  const callbacksDone = (from) => async () => {
    const got = (await sink('GET', '/sms')).slice(from);
    return got.length >= n && got.every((m) => m.callbacks.length === 2);
  };
  const load = (await import('node:os')).loadavg()[0].toFixed(2);
  const smsText = (i) => ({ recipient_id: `r${i}`, target, sms: { text: `Deploy ${i} finished` } });

  const healthy = await run('sms, primary healthy', 'sms', smsText, callbacksDone(0), { profile: true });
  const callsText = async () => {
    const text = await metrics();
    return Object.fromEntries(['ok', 'error', 'circuit_open'].flatMap((r) => ['sms-primary', 'sms-secondary'].map((p) => [`${p} ${r}`, sample(text, 'herald_provider_calls_total', { medium: 'sms', provider: p, result: r })])));
  };
  const callsBefore = await callsText();
  await sink('POST', '/sms/control', { fail_next: 1_000_000_000, status: 503, account: 'ACfakeprimary' });
  const failover = await run('sms, primary failing (failover)', 'sms', smsText, callbacksDone(n));
  await sink('POST', '/sms/control', { fail_next: 0, account: 'ACfakeprimary' });
  const callsAfter = await callsText();
  const calls = Object.entries(callsAfter).map(([k, v]) => [k, v - (callsBefore[k] ?? 0)]).filter(([, v]) => v > 0);

  const pushesBefore = (await sink('GET', '/push')).length;
  const push = await run('web push', 'web_push', (i) => ({ recipient_id: `r${i}`, target, push: { title: 'Deploy finished', body: `Deploy ${i} is live`, url: `https://app.example/d/${i}` } }), async () => (await sink('GET', '/push')).length - pushesBefore >= n);

  const reference = await payloadOnlySends({ api, metrics, cpu, count: n, connections, target, timeoutS });

  const overhead = failover.per.total / healthy.per.total - 1;
  console.log(`\nSMS and web push end to end, ${n} each (${machine(infra)}; load at start ${load})\n`);
  console.log('| run | delivered | s | deliveries/s | CPU-ms per delivery, all processes | per process |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of [healthy, failover, push]) {
    console.log(`| ${r.label} | ${r.count} | ${r.s.toFixed(1)} | ${Math.round(r.count / r.s)} | ${r.per.total.toFixed(2)} | ${r.per.per.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')} |`);
  }
  const ref = reference.perSend;
  console.log(`| payload only (same run), first send to last written | ${reference.done} | ${reference.s.toFixed(1)} | ${Math.round(reference.done / reference.s)} sends/s | ${ref.total.toFixed(2)} | ${ref.per.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')} |`);
  console.log(`\nSMS runs end when every SMS is sent and both status callbacks (sent, delivered) were answered by the gateway; the push run when the fake push service decrypted every message.`);
  console.log(`failover: provider calls during the failing run: ${calls.map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`failover overhead per SMS: ${(overhead * 100).toFixed(1)} % (${healthy.per.total.toFixed(2)} → ${failover.per.total.toFixed(2)} CPU-ms); target ≤ 10 %: ${overhead <= 0.1 ? 'met' : 'NOT met'}`);
  console.log(`target ≤ 5 CPU-ms per message: SMS ${healthy.per.total <= 5 ? 'met' : 'NOT met'} (healthy), ${failover.per.total <= 5 ? 'met' : 'NOT met'} (failover); web push ${push.per.total <= 5 ? 'met' : 'NOT met'}`);
  for (const r of [healthy, failover, push]) console.log(`CPU used (${r.label}): ${r.cpu}`);
  for (const r of [healthy, failover, push]) {
    const ops = Object.entries(r.ops).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
    console.log(`store operations per delivery (${r.label}; service, command, collection): ${ops.map(([k, v]) => `${k} ${(v / r.count).toFixed(3)}`).join('; ')}`);
  }
  if (profiler.dir) console.log(`CPU profiles of the healthy SMS run: ${profiler.files(stackPids(stack))}`);
});
process.exit(failed ? 1 : 0);
