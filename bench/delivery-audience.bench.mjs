// Benchmark: sends to 1,000 recipient ids through the gateway: how fast the send answers (the
// fan-out runs after) and the CPU per recipient from the send to `completed`, next to a same-run
// baseline: a broadcast to the same 1,000 recipients (the project holds exactly them), measured the
// same way. Each kind runs BENCH_ROUNDS times, alternating, after one warm-up of each.
// `npm run bench:delivery-audience`.
// Env: BENCH_IDS (default 1000), BENCH_ROUNDS (default 5), BENCH_TIMEOUT (s per send, default 120);
//      MONGO_URL / NATS_URL as for npm start (else local FerretDB + nats-server in a temp dir).
import { cpuPerUnit, createRecipients, machine, say, sleep, withDeliveryStack } from './delivery-stack.mjs';

const n = Number(process.env.BENCH_IDS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const timeoutS = Number(process.env.BENCH_TIMEOUT ?? 120);
const target = { channel: 'issues', topic: 'comments', event: 'comment.created' };
const ACCEPT_TARGET_MS = 200;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs) => Math.max(...xs);

const failed = await withDeliveryStack('delivery-audience', {}, async ({ infra, api, cpu }) => {
  say(`creating ${n} recipients (POST /recipients/batch, 1,000 per call)...`);
  await createRecipients(api, n);
  const ids = Array.from({ length: n }, (_, i) => `r${i}`);
  const bodies = {
    recipient_ids: { recipient_ids: ids, target, payload: { title: 'New comment' } },
    broadcast: { recipient_id: null, target, payload: { title: 'New comment' } },
  };

  /** One send, timed from the request to its answer and to `completed`, with the CPU of every process meanwhile. */
  const measure = async (kind) => {
    const cpuBefore = cpu();
    const t0 = performance.now();
    const sent = await api('POST', '/notifications/send', bodies[kind]);
    const acceptMs = performance.now() - t0;
    const id = sent.data.broadcast.id;
    let b;
    for (;;) {
      b = (await api('GET', `/broadcasts/${id}`)).data;
      if (b.status === 'completed' || (performance.now() - t0) / 1000 > timeoutS) break;
      await sleep(50);
    }
    const doneS = (performance.now() - t0) / 1000;
    if (b.status !== 'completed' || b.notifications_created !== n) throw new Error(`${kind} send not completed: ${JSON.stringify(b)}`);
    return { acceptMs, doneS, cpuMs: cpuPerUnit(cpuBefore, cpu(), n, { exclude: ['smtp-sink'] }).total };
  };

  say('warming up (one send of each kind)...');
  await measure('recipient_ids');
  await measure('broadcast');
  const runs = { recipient_ids: [], broadcast: [] };
  for (let r = 0; r < rounds; r++) {
    for (const kind of ['recipient_ids', 'broadcast']) {
      runs[kind].push(await measure(kind));
      say(`${kind} round ${r + 1}: answered in ${runs[kind].at(-1).acceptMs.toFixed(0)} ms, completed in ${runs[kind].at(-1).doneS.toFixed(2)} s`);
    }
  }

  const row = (label, rs) =>
    `| ${label} | ${rs.length} | ${median(rs.map((x) => x.acceptMs)).toFixed(0)} | ${max(rs.map((x) => x.acceptMs)).toFixed(0)} | ${median(rs.map((x) => x.doneS)).toFixed(2)} | ${median(rs.map((x) => x.cpuMs)).toFixed(2)} |`;
  console.log(`\nSends to ${n} recipients (${machine(infra)})\n`);
  console.log('| send | runs | answered in ms (median) | answered in ms (max) | completed in s (median) | CPU-ms per recipient, every process (median) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row(`recipient_ids (${n} ids)`, runs.recipient_ids));
  console.log(row(`baseline: broadcast to the same ${n} recipients`, runs.broadcast));
  const acceptMax = max(runs.recipient_ids.map((x) => x.acceptMs));
  const ratio = median(runs.recipient_ids.map((x) => x.cpuMs)) / median(runs.broadcast.map((x) => x.cpuMs));
  console.log(`\nCPU per recipient, recipient_ids / broadcast: ${ratio.toFixed(2)}×`);
  console.log(`target (a send to ${n} recipient_ids answers in ≤ ${ACCEPT_TARGET_MS} ms): ${acceptMax <= ACCEPT_TARGET_MS ? 'met' : 'NOT met'} (max ${acceptMax.toFixed(0)} ms)`);
});
process.exit(failed ? 1 : 0);
