// Benchmark: email throughput from the delivery service's email sender to the SMTP sink. A
// broadcast with an email block to N recipients (each with a primary email contact, the email
// medium cataloged) queues N email jobs when it completes; the rate is read from the sink's count
// of mails received while they flow, the window ending once the service's
// `herald_emails_total{outcome="sent"}` counts all N (their outcomes written). Baseline in the
// same run: nodemailer with the same pool size sending N mails straight to the same sink.
// The sink runs in count mode (accepts and counts, parses nothing: HERALD_SINK_MODE=count), so the
// SMTP server is not the limit; the baseline shows what it takes raw.
// The measure: BENCH_EMAIL_MODE=direct (the default) sends N direct notifications with a
// payload and an email block (BENCH_CONNECTIONS at once, default 50), each to its own recipient,
// and prints the CPU-ms per email of every process (the SMTP sink and the load generator left out)
// from the first send to the last mail; BENCH_EMAIL_MODE=broadcast queues them with one broadcast.
// The same-run reference: afterwards, N direct sends with a payload only (no email), the CPU-ms per
// send and the rate from the first send to the last notification written.
// `npm run bench:delivery-email`. Env: BENCH_EMAILS (default 2000), BENCH_TIMEOUT (s, default 600).
import nodemailer from 'nodemailer';
process.env.HERALD_SINK_MODE = process.env.HERALD_SINK_MODE ?? 'count';
import { cpuDelta, cpuPerUnit, createEmailRecipients, machine, sample, say, sendEach, sleep, stackPids, storeOperationsByKind, storeOpsDelta, windowProfiler, withDeliveryStack } from './delivery-stack.mjs';

const n = Number(process.env.BENCH_EMAILS ?? 2000);
const mode = process.env.BENCH_EMAIL_MODE ?? 'direct';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const timeoutS = Number(process.env.BENCH_TIMEOUT ?? 600);
const POOL = 8; // SMTP_POOL_SIZE default of the delivery service
const IN_FLIGHT = 128; // EMAIL_CONCURRENCY default of the delivery service
const target = { channel: 'billing', topic: 'invoices', event: 'issued' };
const email = { subject: 'Your invoice', html: '<h1>Invoice</h1><p>Amount due: <b>42 €</b>. <a href="https://example.test/i/1">View it</a>.</p>' };

/** The baseline: n mails over a nodemailer pool straight to the sink, IN_FLIGHT at once. */
async function baselineRate(smtpUrl) {
  const u = new URL(smtpUrl);
  const transport = nodemailer.createTransport({ pool: true, maxConnections: POOL, maxMessages: Infinity, host: u.hostname, port: Number(u.port), secure: false, ignoreTLS: true });
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < n) {
        const i = next++;
        await transport.sendMail({ from: 'bench@herald.local', to: `baseline${i}@bench.test`, subject: email.subject, html: email.html, text: 'Invoice' });
      }
    }),
  );
  const s = (Date.now() - t0) / 1000;
  transport.close();
  return { s, rate: n / s };
}

/** N direct sends (payload + email), each to its own recipient, `connections` at once. */
const offerDirect = (api) => sendEach(api, n, connections, (i) => ({ recipient_id: `r${i}`, target, payload: { title: 'Invoice', i }, email }));

/** The same-run reference: N direct sends with a payload only, from the first send to the last notification written. */
async function payloadOnly({ api, metrics, cpu }) {
  const written = async () => sample(await metrics(), 'herald_notifications_total');
  const before = await written();
  const cpuBefore = cpu();
  const t0 = Date.now();
  const accepted = sendEach(api, n, connections, (i) => ({ recipient_id: `r${i}`, target, payload: { title: 'Invoice', i } }));
  let done = 0;
  while (done < n && (Date.now() - t0) / 1000 < timeoutS) {
    await sleep(100);
    done = (await written()) - before;
  }
  await accepted;
  const s = (Date.now() - t0) / 1000;
  return { done, s, perSend: cpuPerUnit(cpuBefore, cpu(), done, { exclude: ['smtp-sink'] }) };
}

// BENCH_CPU_PROF=<dir>: CPU profiles of Herald's processes over the measured email window only.
const profiler = windowProfiler();

const failed = await withDeliveryStack('delivery-email', { extraEnv: profiler.extraEnv }, async ({ infra, stack, api, admin, project, metrics, cpu }) => {
  say(`creating ${n} recipients with a primary email contact...`);
  await createEmailRecipients(api, n);
  await api('POST', '/preferences', { ...target, medium: 'email', name: 'Invoices', default_enabled: true });
  const patched = await fetch(`${stack.baseUrl}/admin/projects/${project.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ settings: { max_broadcast_recipients_for_email: n } }) });
  if (!patched.ok) throw new Error(`cannot set the broadcast email cap: ${patched.status} ${await patched.text()}`);
  await sleep(1000);
  const load = (await import('node:os')).loadavg()[0].toFixed(2);

  say(`baseline: ${n} mails through nodemailer (pool ${POOL}, ${IN_FLIGHT} in flight) to the sink`);
  const base = await baselineRate(infra.smtpUrl);

  const sentNow = async () => sample(await metrics(), 'herald_emails_total', { outcome: 'sent' });
  // While the mails flow they are counted at the sink (whose CPU is left out), not by scraping
  // Herald's /metrics every 100 ms (prom-client: ~0.1 CPU-ms per email, a cost of the bench).
  const receivedNow = async () => (await (await fetch(`${infra.mailApiUrl}/count`)).json()).received;
  const before = await sentNow();
  const receivedBefore = await receivedNow();
  const cpuBefore = cpu();
  const opsBefore = await storeOperationsByKind(stack);
  const pids = stackPids(stack);
  profiler.toggle(Object.values(pids));
  const t0 = Date.now();
  let id = null;
  let accepted = null;
  if (mode === 'broadcast') {
    say(`herald: broadcast with an email block to ${n} recipients`);
    const sent = await api('POST', '/notifications/send', { recipient_id: null, target, payload: { title: 'Invoice' }, email });
    id = sent.data.broadcast.id;
  } else {
    say(`herald: ${n} direct sends with a payload and an email block, ${connections} at once`);
    // In the background: the mails are counted while the sends go on.
    accepted = offerDirect(api);
  }
  let firstAt = null;
  let count = 0;
  while ((Date.now() - t0) / 1000 < timeoutS) {
    count = (await receivedNow()) - receivedBefore;
    if (count > 0 && firstAt === null) firstAt = Date.now();
    if (count >= n) break;
    await sleep(100);
  }
  // Every mail is at the sink: the window ends once Herald has counted each one sent (its outcome written).
  while ((Date.now() - t0) / 1000 < timeoutS && (count = (await sentNow()) - before) < n) await sleep(20);
  const lastAt = Date.now();
  const cpuAfter = cpu();
  profiler.toggle(Object.values(pids));
  const cpuRun = cpuDelta(cpuBefore, cpuAfter);
  const perEmail = cpuPerUnit(cpuBefore, cpuAfter, count, { exclude: ['smtp-sink'] });
  const sends = accepted ? await accepted : null;
  const ops = storeOpsDelta(opsBefore, await storeOperationsByKind(stack));
  const b = id !== null ? (await api('GET', `/broadcasts/${id}`)).data : null;
  const text = await metrics();
  const retried = sample(text, 'herald_emails_total', { outcome: 'retried' });
  const failedMails = sample(text, 'herald_emails_total', { outcome: 'failed' });
  const sendS = firstAt ? (lastAt - firstAt) / 1000 : NaN;
  const f1 = (x) => x.toFixed(1);

  console.log(`\nEmail: ${n} mails to the SMTP sink (${machine(infra)}; load at start ${load})\n`);
  console.log('| path | mails | s | emails/s |');
  console.log('|---|---:|---:|---:|');
  console.log(`| herald, ${mode === 'broadcast' ? 'one broadcast' : 'direct sends'}: first to last sent | ${count} | ${f1(sendS)} | ${Math.round(count / sendS)} |`);
  console.log(`| herald, ${mode === 'broadcast' ? 'one broadcast' : 'direct sends'}: from the first send to the last mail | ${count} | ${f1((lastAt - t0) / 1000)} | ${Math.round(count / ((lastAt - t0) / 1000))} |`);
  console.log(`| baseline (nodemailer pool of ${POOL}, ${IN_FLIGHT} in flight, same sink) | ${n} | ${f1(base.s)} | ${Math.round(base.rate)} |`);
  console.log(`\nherald / baseline: ${(count / sendS / base.rate).toFixed(2)}×; from the first send to the last email: ${f1((lastAt - t0) / 1000)} s (${b ? `broadcast ${b.status}, email ${JSON.stringify(b.email)}` : `sends: ${sends.ok} accepted, p99 ${sends.p99} ms, ${sends.bad} failed`}); retried ${retried}, failed ${failedMails}`);
  console.log(`CPU per email, every process (in-app part of the same send included; SMTP sink and load generator left out): ${perEmail.text}; target ≤ 5 CPU-ms: ${perEmail.total <= 5 ? 'met' : 'NOT met'}`);
  console.log(`CPU used from the first send to the last email: ${cpuRun}`);
  console.log(`store operations per email (service, command, collection): ${Object.entries(ops).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / Math.max(1, count)).toFixed(3)}`).join('; ')}`);
  const endToEnd = count / ((lastAt - t0) / 1000);
  console.log(`target (≥ 300 emails/s end to end; the sink is not the limit): ${endToEnd >= 300 ? 'met' : 'NOT met'} (${Math.round(endToEnd)}/s); sink raw ${Math.round(base.rate)}/s`);
  if (profiler.dir) console.log(`CPU profiles of the email window: ${profiler.files(pids)}`);
  if (count < n) throw new Error(`only ${count} of ${n} emails sent within ${timeoutS} s`);
  if (mode !== 'broadcast') {
    say(`reference: ${n} direct sends with a payload only, ${connections} at once`);
    const ref = await payloadOnly({ api, metrics, cpu });
    console.log(`payload-only direct sends, same run: ${ref.done} written in ${f1(ref.s)} s (${Math.round(ref.done / ref.s)}/s); CPU per send: ${ref.perSend.text}`);
  }
});
process.exit(failed ? 1 : 0);
