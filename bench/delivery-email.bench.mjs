// Benchmark: email throughput from the delivery service's email sender to the SMTP sink. A
// broadcast with an email block to N recipients (each with a primary email contact, the email
// medium cataloged) queues N email jobs when it completes; the rate is read from the service's
// `herald_emails_total{outcome="sent"}` between the first and the last sent email. Baseline in the
// same run: nodemailer with the same pool size sending N mails straight to the same sink.
// The sink runs in count mode (accepts and counts, parses nothing: HERALD_SINK_MODE=count), so the
// SMTP server is not the limit; the baseline shows what it takes raw.
// `npm run bench:delivery-email`. Env: BENCH_EMAILS (default 2000), BENCH_TIMEOUT (s, default 600).
import nodemailer from 'nodemailer';
process.env.HERALD_SINK_MODE = process.env.HERALD_SINK_MODE ?? 'count';
import { cpuDelta, createRecipients, machine, sample, say, sleep, storeOperationsByKind, storeOpsDelta, withDeliveryStack } from './delivery-stack.mjs';

const n = Number(process.env.BENCH_EMAILS ?? 2000);
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

const failed = await withDeliveryStack('delivery-email', {}, async ({ infra, stack, api, admin, project, metrics, cpu }) => {
  say(`creating ${n} recipients with a primary email contact...`);
  await createRecipients(api, n);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        const i = next++;
        await api('POST', `/recipients/r${i}/contacts`, { medium: 'email', address: `r${i}@bench.test`, is_primary: true });
      }
    }),
  );
  await api('POST', '/preferences', { ...target, medium: 'email', name: 'Invoices', default_enabled: true });
  const patched = await fetch(`${stack.baseUrl}/admin/projects/${project.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ settings: { max_broadcast_recipients_for_email: n } }) });
  if (!patched.ok) throw new Error(`cannot set the broadcast email cap: ${patched.status} ${await patched.text()}`);
  await sleep(1000);
  const load = (await import('node:os')).loadavg()[0].toFixed(2);

  say(`baseline: ${n} mails through nodemailer (pool ${POOL}, ${IN_FLIGHT} in flight) to the sink`);
  const base = await baselineRate(infra.smtpUrl);

  say(`herald: broadcast with an email block to ${n} recipients`);
  const sentNow = async () => sample(await metrics(), 'herald_emails_total', { outcome: 'sent' });
  const before = await sentNow();
  const cpuBefore = cpu();
  const opsBefore = await storeOperationsByKind(stack);
  const t0 = Date.now();
  const sent = await api('POST', '/notifications/send', { recipient_id: null, target, payload: { title: 'Invoice' }, email });
  const id = sent.data.broadcast.id;
  let firstAt = null;
  let count = 0;
  while ((Date.now() - t0) / 1000 < timeoutS) {
    count = (await sentNow()) - before;
    if (count > 0 && firstAt === null) firstAt = Date.now();
    if (count >= n) break;
    await sleep(100);
  }
  const lastAt = Date.now();
  const cpuRun = cpuDelta(cpuBefore, cpu());
  const ops = storeOpsDelta(opsBefore, await storeOperationsByKind(stack));
  const b = (await api('GET', `/broadcasts/${id}`)).data;
  const text = await metrics();
  const retried = sample(text, 'herald_emails_total', { outcome: 'retried' });
  const failedMails = sample(text, 'herald_emails_total', { outcome: 'failed' });
  const sendS = firstAt ? (lastAt - firstAt) / 1000 : NaN;
  const f1 = (x) => x.toFixed(1);

  console.log(`\nEmail: ${n} mails to the SMTP sink (${machine(infra)}; load at start ${load})\n`);
  console.log('| path | mails | s | emails/s |');
  console.log('|---|---:|---:|---:|');
  console.log(`| herald email sender (job → quota unit → SMTP → outcome write), first to last sent | ${count} | ${f1(sendS)} | ${Math.round(count / sendS)} |`);
  console.log(`| baseline (nodemailer pool of ${POOL}, ${IN_FLIGHT} in flight, same sink) | ${n} | ${f1(base.s)} | ${Math.round(base.rate)} |`);
  console.log(`\nherald / baseline: ${(count / sendS / base.rate).toFixed(2)}×; from the send to the last email: ${f1((lastAt - t0) / 1000)} s (broadcast ${b.status}, email ${JSON.stringify(b.email)}); retried ${retried}, failed ${failedMails}`);
  console.log(`CPU used from the send to the last email: ${cpuRun}`);
  console.log(`store operations per email (service, command, collection): ${Object.entries(ops).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / Math.max(1, count)).toFixed(3)}`).join('; ')}`);
  console.log(`target (≥ 400 emails/s end to end; sink raw ≥ 1,000/s): ${count / sendS >= 400 ? 'met' : 'NOT met'}; sink raw ${Math.round(base.rate)}/s`);
  if (count < n) throw new Error(`only ${count} of ${n} emails sent within ${timeoutS} s`);
});
process.exit(failed ? 1 : 0);
