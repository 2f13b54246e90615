// Benchmark: the live feed stream (GET /recipients/{id}/notifications/stream). One gateway holds
// BENCH_STREAMS (default 1,000) concurrent streams, one per recipient: its RSS growth is reported
// (target ≤ 100 MB). Then BENCH_RATE sends/s (default 100) to those recipients for BENCH_DURATION s
// (default 20): send-to-event latency (POST accepted → `notification` event read by the client),
// p50/p99 (target p99 ≤ 250 ms), against a same-run baseline: the same sends' outcome events read
// straight from JetStream (HERALD_OUTCOMES) by this process, i.e. the pipeline without the gateway's
// stream. Then how long a stream outlives its credential: BENCH_END_STREAMS (default 100) streams
// opened with tokens of a fresh key, the key revoked (target: every stream closed within 1 s of the
// revocation's answer), and as many streams of recipients erased (within 1 s of the DELETE's answer).
// `npm run bench:stream`.
import http from 'node:http';
import { ensureDependencies } from '../scripts/lib/deps.mjs';
import { createRecipients, cpuDelta, machine, rssMb, say, sleep, withDeliveryStack } from './delivery-stack.mjs';

ensureDependencies((m) => process.stderr.write(`[bench] ${m}\n`));
const { createParser } = await import('eventsource-parser');

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const END_STREAMS = Number(process.env.BENCH_END_STREAMS ?? 100);
const target = { channel: 'orders', topic: 'shipping', event: 'shipped' };

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Opens one SSE stream with node:http (no pooling: one socket each), parsed by eventsource-parser; calls onEvent(name, data). */
function openStream(baseUrl, path, headers, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${path}`, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return reject(new Error(`stream ${path}: ${res.statusCode}`));
      }
      res.setEncoding('utf8');
      let first = true;
      const parser = createParser({
        onEvent: ({ event, data }) => {
          if (!event) return;
          if (first) {
            first = false;
            resolve({ close: () => req.destroy() });
          }
          onEvent(event, data);
        },
      });
      res.on('data', (chunk) => parser.feed(chunk));
      res.on('error', () => undefined);
      res.on('close', () => onEvent('__closed', ''));
    });
    req.on('error', reject);
  });
}

const failed = await withDeliveryStack('stream', { extraEnv: { STREAM_MAX_PER_PROJECT: String(STREAMS + 2 * END_STREAMS + 100) } }, async ({ infra, stack, project, auth, api, cpu, admin }) => {
  say(`creating ${STREAMS} recipients...`);
  await createRecipients(api, STREAMS);
  const gatewayPid = stack.processes.gateway.pid;

  // Baseline reader: the same outcome events straight from JetStream.
  const { connect } = await import('@nats-io/transport-node');
  const { jetstream, DeliverPolicy } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: infra.natsUrl });
  const js = jetstream(nc);
  const consumer = await js.consumers.get('HERALD_OUTCOMES', { filter_subjects: `herald.outcomes.${project.id}.*.notification.delivered`, deliver_policy: DeliverPolicy.New });
  const natsMessages = await consumer.consume();
  const baseLatencies = [];
  let measuring = false;
  // The payload is the JSON the send carried ({"t": <ms>}): found in the protobuf bytes without a decoder.
  (async () => {
    for await (const m of natsMessages) {
      const at = Date.now();
      const text = Buffer.from(m.data).toString('latin1');
      const t = /\{"t":(\d+)\}/.exec(text)?.[1];
      if (measuring && t && acceptedAt.has(Number(t))) baseLatencies.push(at - acceptedAt.get(Number(t)));
    }
  })();

  // Warm-up: a few sends (JIT, connections, caches).
  const send = (i, t) =>
    fetch(`${stack.baseUrl}/notifications/send`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ recipient_id: `r${i % STREAMS}`, target, payload: { t } }),
    }).then(
      (r) => r.arrayBuffer().then(() => r.status),
      () => 'error',
    );
  for (let i = 0; i < 20; i++) await send(i, 1);
  await sleep(2000);
  const rss0 = rssMb(gatewayPid);

  say(`opening ${STREAMS} streams...`);
  const latencies = [];
  let events = 0;
  let closedStreams = 0;
  // Send times of accepted sends (the payload's t is unique per send): only those count.
  const acceptedAt = new Map();
  const streams = [];
  const t0 = Date.now();
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(STREAMS, i + 50); j++) {
      batch.push(
        openStream(stack.baseUrl, `/recipients/r${j}/notifications/stream`, auth, (ev, data) => {
          if (ev === '__closed') return void (closedStreams += 1);
          if (ev !== 'notification') return;
          events += 1;
          const t = /"payload":\{"t":(\d+)\}/.exec(data)?.[1];
          if (measuring && t && acceptedAt.has(Number(t))) latencies.push(Date.now() - acceptedAt.get(Number(t)));
        }),
      );
    }
    streams.push(...(await Promise.all(batch)));
  }
  const openSeconds = (Date.now() - t0) / 1000;
  await sleep(5000);
  const rssOpen = rssMb(gatewayPid);

  say(`${RATE} sends/s for ${DURATION} s to streamed recipients...`);
  const cpuBefore = cpu();
  measuring = true;
  let sent = 0;
  let accepted = 0;
  const statuses = {};
  const inFlight = [];
  const start = Date.now();
  for (let k = 0; ; k++) {
    const due = start + (k * 1000) / RATE;
    if (due > start + DURATION * 1000) break;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    sent += 1;
    // A unique id per send (ms-resolution times collide), recorded with its send time.
    const id = 1e12 + k;
    const at = Date.now();
    inFlight.push(
      send(k * 7919, id).then((status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 201) {
          accepted += 1;
          acceptedAt.set(id, at);
        }
      }),
    );
  }
  await Promise.all(inFlight);
  const drainUntil = Date.now() + 30_000;
  while (latencies.length < accepted && Date.now() < drainUntil) await sleep(200);
  await sleep(500);
  measuring = false;
  const cpuRun = cpuDelta(cpuBefore, cpu());
  const rssRun = rssMb(gatewayPid);

  const metricsText = await (await fetch(`http://127.0.0.1:${stack.metricsPorts.gateway}/metrics`)).text();
  const openGauge = /herald_live_streams_open\{[^}]*\} (\d+)/.exec(metricsText)?.[1];
  const closedBy = [...metricsText.matchAll(/herald_live_streams_closed_total\{[^}]*reason="(\w+)"[^}]*\} (\d+)/g)].map((m) => `${m[1]} ${m[2]}`).join(', ') || 'none';
  const sentByGateway = /herald_live_events_sent_total\{[^}]*event="notification"[^}]*\} (\d+)/.exec(metricsText)?.[1];
  const closedDuringRun = closedStreams;
  for (const s of streams) s.close();

  // How long streams outlive their credential: opened, then the credential ended; each stream's
  // close time counted from the answer of the request that ended it.
  const ending = async (what, open, end) => {
    const closedAt = [];
    const opened = [];
    for (let i = 0; i < END_STREAMS; i++) opened.push(await openStream(stack.baseUrl, ...(await open(i)), (ev) => ev === '__closed' && closedAt.push(Date.now())));
    await end();
    const answered = Date.now();
    const until = Date.now() + 10_000;
    while (closedAt.length < END_STREAMS && Date.now() < until) await sleep(10);
    for (const s of opened) s.close();
    const lags = closedAt.map((t) => Math.max(0, t - answered));
    return { what, closed: closedAt.length, p50: pct(lags, 50), p99: pct(lags, 99), max: lags.length ? Math.max(...lags) : NaN };
  };
  const key = await (await fetch(`${stack.baseUrl}/admin/projects/${project.id}/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ scope: 'full' }) })).json();
  const ends = [
    await ending(
      'key revoked (streams on tokens it minted)',
      async (i) => {
        const minted = await (await fetch(`${stack.baseUrl}/recipients/r${i}/tokens`, { method: 'POST', headers: { authorization: `Bearer ${key.data.key}`, 'content-type': 'application/json' }, body: '{}' })).json();
        return [`/recipients/r${i}/notifications/stream`, { authorization: `Bearer ${minted.data.token}` }];
      },
      () => fetch(`${stack.baseUrl}/admin/projects/${project.id}/keys/${key.data.id}`, { method: 'DELETE', headers: admin }),
    ),
    await ending(
      'recipient erased',
      async (i) => {
        await api('POST', '/recipients', { id: `gone${i}` });
        return [`/recipients/gone${i}/notifications/stream`, auth];
      },
      () => Promise.all(Array.from({ length: END_STREAMS }, (_, i) => api('DELETE', `/recipients/gone${i}`))),
    ),
  ];
  await natsMessages.stop();
  await nc.close();

  const r = (x) => Math.round(x);
  console.log(`\nLive streams: ${STREAMS} open on one gateway, ${RATE} sends/s for ${DURATION} s to those recipients (${machine(infra)})\n`);
  console.log(`streams opened in ${openSeconds.toFixed(1)} s; gateway herald_live_streams_open = ${openGauge}`);
  console.log('\n| gateway RSS | MB |');
  console.log('|---|---:|');
  console.log(`| before any stream (baseline, same run) | ${r(rss0)} |`);
  console.log(`| ${STREAMS} streams open, idle 5 s | ${r(rssOpen)} |`);
  console.log(`| after the send run | ${r(rssRun)} |`);
  console.log(`\nRSS growth with ${STREAMS} streams: ${r(rssOpen - rss0)} MB idle, ${r(rssRun - rss0)} MB after the run (target ≤ 100 MB): ${rssRun - rss0 <= 100 && rssOpen - rss0 <= 100 ? 'met' : 'NOT met'}`);
  console.log('\n| send → event latency | events | p50 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| SSE \`notification\` event through the gateway | ${latencies.length} of ${accepted} sends | ${pct(latencies, 50)} | ${pct(latencies, 99)} | ${Math.max(...latencies)} |`);
  console.log(`| baseline: outcome event read from JetStream directly | ${baseLatencies.length} | ${pct(baseLatencies, 50)} | ${pct(baseLatencies, 99)} | ${Math.max(...baseLatencies)} |`);
  console.log(`\nthe stream adds ${pct(latencies, 50) - pct(baseLatencies, 50)} ms at p50, ${pct(latencies, 99) - pct(baseLatencies, 99)} ms at p99; target p99 ≤ 250 ms: ${pct(latencies, 99) <= 250 ? 'met' : 'NOT met'}`);
  console.log(`sends: ${sent} offered, ${accepted} accepted (statuses ${JSON.stringify(statuses)}); notification events received ${events} (gateway wrote ${sentByGateway}); streams closed by the server ${closedDuringRun} (gateway: ${closedBy})`);
  console.log(`CPU used during the ${DURATION} s run (2 cores = ${2 * DURATION} CPU-s available): ${cpuRun}`);
  console.log(`\n| a stream ends with its credential (${END_STREAMS} streams) | closed | p50 ms | p99 ms | max ms |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const e of ends) console.log(`| ${e.what} | ${e.closed} | ${e.p50} | ${e.p99} | ${e.max} |`);
  console.log(`(ms after the ending request's answer; target: all within 1,000 ms: ${ends.every((e) => e.closed === END_STREAMS && e.max <= 1000) ? 'met' : 'NOT met'})`);
});
process.exit(failed ? 1 : 0);
