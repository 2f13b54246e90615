// Benchmark: what one chat message costs. N recipients, each with one chat contact on the sink's
// chat fakes, in turn a Slack channel (chat.postMessage with the bot token), a Slack incoming
// webhook, a Microsoft Teams webhook and a Discord webhook; N direct sends with a payload and a
// chat block (BENCH_CONNECTIONS at once, default 50), from the first send until every message is
// recorded sent and the fake received it. Every contact is a channel or webhook of its own: Slack's
// pace of one message a second per channel (CHAT_CHANNEL_INTERVAL_MS) never holds a message back,
// so the run measures the cost of a message, not the pacing (the fake's request count shows no
// message was tried twice). The same-run reference: afterwards, N direct sends with a payload
// only, the CPU-ms per send and the rate to the last notification written. CPU-ms per message of
// every process from /proc (the sink, which plays the chat services, and the load generator left
// out), in a store seeded with other projects' recipients and notifications. `npm run bench:chat`.
// Env: BENCH_MESSAGES (default 1000), BENCH_CONNECTIONS (50), BENCH_TIMEOUT (s per run, default
// 600), BENCH_SEED_RECIPIENTS / BENCH_SEED_NOTIFICATIONS (the seeded store, default 20,000 /
// 50,000, as the mobile push bench); BENCH_CPU_PROF=<dir>: CPU profiles of the chat window.
import { cpuDelta, cpuPerUnit, createRecipients, forEachIndex, machine, payloadOnlySends, sample, say, seedOtherProjects, sendEach, sleep, stackPids, windowProfiler, withDeliveryStack } from './delivery-stack.mjs';

const n = Number(process.env.BENCH_MESSAGES ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const timeoutS = Number(process.env.BENCH_TIMEOUT ?? 600);
const target = { channel: 'ops', topic: 'deploys', event: 'finished' };
process.env.BENCH_SEED_RECIPIENTS ??= '20000';
process.env.BENCH_SEED_NOTIFICATIONS ??= '50000';
const chat = (i) => ({ text: `Deploy ${i} finished`, url: `https://ci.example/deploys/${i}` });

/** The i-th recipient's chat contact: the four kinds in turn, each address its own channel. */
const contactOf = (sinkUrl, i) => {
  switch (i % 4) {
    case 0:
      return { provider: 'slack', address: `C${String(10_000_000 + i)}` };
    case 1:
      return { provider: 'slack', address: `${sinkUrl}/services/T0BENCH/B0BENCH/hook${i}` };
    case 2:
      return { provider: 'teams', address: `${sinkUrl}/webhookb2/bench-${i}/IncomingWebhook/1/2` };
    default:
      return { provider: 'discord', address: `${sinkUrl}/api/webhooks/${900_000 + i}/bench-token` };
  }
};

const profiler = windowProfiler();

const failed = await withDeliveryStack('chat', { extraEnv: profiler.extraEnv }, async ({ infra, stack, api, metrics, cpu, dbPrefix }) => {
  if (!infra.smsApiUrl) throw new Error('the sink (with its chat fakes) does not run here: unset SMTP_URL');
  const sink = async (method, path) => {
    const res = await fetch(`${infra.smsApiUrl}${path}`, { method });
    if (!res.ok) throw new Error(`sink ${method} ${path}: ${res.status}`);
    return res.json();
  };

  const seeded = await seedOtherProjects({ infra, dbPrefix });
  say(`creating ${n} recipients, each with a chat contact (Slack channel, Slack, Teams and Discord webhooks in turn)...`);
  await createRecipients(api, n);
  await forEachIndex(n, (i) => api('PUT', `/recipients/r${i}/contacts`, { medium: 'chat', ...contactOf(infra.smsApiUrl, i) }));
  await api('POST', '/preferences', { ...target, medium: 'chat', name: 'Deploys in chat', default_enabled: true });
  await sleep(1000);
  const load = (await import('node:os')).loadavg()[0].toFixed(2);

  const sentNow = async () => sample(await metrics(), 'herald_outbound_messages_total', { medium: 'chat', outcome: 'sent' });
  const requestsBefore = (await sink('GET', '/chat/requests')).count;
  const receivedBefore = (await sink('GET', '/chat')).length;
  const sentBefore = await sentNow();
  const cpuBefore = cpu();
  profiler.toggle(Object.values(stackPids(stack)));
  const t0 = Date.now();
  say(`herald: ${n} direct sends with a payload and a chat block, ${connections} at once`);
  const sends = await sendEach(api, n, connections, (i) => ({ recipient_id: `r${i}`, target, payload: { title: 'Deploy finished', i }, chat: chat(i) }));
  let sent = 0;
  let received = 0;
  while ((Date.now() - t0) / 1000 < timeoutS) {
    sent = (await sentNow()) - sentBefore;
    if (sent >= n) received = (await sink('GET', '/chat/requests')).count - requestsBefore;
    if (sent >= n && received >= n) break;
    await sleep(250);
  }
  const cpuAfter = cpu();
  profiler.toggle(Object.values(stackPids(stack)));
  const s = (Date.now() - t0) / 1000;
  if (sent < n) throw new Error(`only ${sent} of ${n} chat messages sent within ${timeoutS} s`);
  const kinds = {};
  for (const m of (await sink('GET', '/chat')).slice(receivedBefore)) kinds[m.provider] = (kinds[m.provider] ?? 0) + 1;
  const perMessage = cpuPerUnit(cpuBefore, cpuAfter, n, { exclude: ['smtp-sink'] });

  const { done, s: refS, perSend } = await payloadOnlySends({ api, metrics, cpu, count: n, connections, target, timeoutS });

  console.log(`\nChat end to end, ${n} messages (${machine(infra)}; load at start ${load}; seeded: ${seeded.recipients} recipients, ${seeded.notifications} notifications of other projects)\n`);
  console.log('| run | sends | messages | s | messages/s | CPU-ms per message (per send for payload only), all processes | per process |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  console.log(`| payload + chat, first send to last message sent | ${n} | ${sent} | ${s.toFixed(1)} | ${Math.round(sent / s)} | ${perMessage.total.toFixed(2)} | ${perMessage.per.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')} |`);
  console.log(`| payload only (same run), first send to last written | ${n} | - | ${refS.toFixed(1)} | ${Math.round(done / refS)} sends/s | ${perSend.total.toFixed(2)} | ${perSend.per.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')} |`);
  console.log(`\nsends refused: ${sends.bad}; requests at the fakes: ${received} for ${n} messages (${Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(', ')}); every contact its own channel, so the per-channel pacing never held one back`);
  console.log(`target ≤ 5 CPU-ms per message: ${perMessage.total <= 5 ? 'met' : 'NOT met'}`);
  console.log(`CPU used (chat window): ${cpuDelta(cpuBefore, cpuAfter)}`);
  if (profiler.dir) console.log(`CPU profiles of the chat window: ${profiler.files(stackPids(stack))}`);
});
process.exit(failed ? 1 : 0);
