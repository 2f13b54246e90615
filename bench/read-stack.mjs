// Shared measurement of the read benchmarks (recipient-get, preference-check): GETs cycling through
// many paths, the CPU each process used (utime + stime from /proc/<pid>/stat) and the store
// operations the services counted, per request, over a fixed amount of requests; then p50/p99 at a
// fixed offered rate; each next to the same-run baseline (bare fastify + one findOne on the same
// store, bench/baseline-server.mjs).
import fs from 'node:fs';
import { cpuSeconds, opsByService, say, sleep, stackPids, storeOperationsByKind, storeOpsDelta, windowProfiler } from './delivery-stack.mjs';

export const readSettings = () => ({
  rate: Number(process.env.BENCH_RATE ?? 500),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
  recipients: Number(process.env.BENCH_RECIPIENTS ?? 1000),
  requests: Number(process.env.BENCH_REQUESTS ?? 5000),
  cpuConnections: Number(process.env.BENCH_CPU_CONNECTIONS ?? 10),
  idle: Number(process.env.BENCH_IDLE ?? 10),
});

/** CPU seconds (utime + stime) of one process so far; 0 when it is gone. */
export function processCpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Offers GETs of `paths` (cycled) at `rate` req/s overall for `seconds` (autocannon's overallRate:
 * a fixed arrival rate, latencies corrected for coordinated omission; rate 0: unthrottled), or
 * `amount` requests in all.
 */
export async function offerReads({ url, headers, paths, seconds, rate, connections, amount }) {
  const { default: autocannon } = await import('autocannon');
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url, headers, connections, pipelining: 1, ...(amount ? { amount } : { duration: seconds }), ...(rate ? { overallRate: rate } : {}),
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }) }],
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({ ok: r['2xx'], rps: r['2xx'] / (seconds ?? r.duration), p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, bad: r.non2xx + r.errors + r.timeouts, total: r.requests.total });
      },
    );
  });
}

/**
 * Offers GETs of `paths` (cycled) at a steady `rate` req/s for `seconds`, open loop: the n-th
 * request is due at n / rate s and is sent then whatever the earlier ones are doing (up to
 * `connections` keep-alive sockets, more requests queue for a socket), and its latency counts from
 * when it was due (so a lagging server or load generator shows in it). autocannon's `overallRate`
 * is a quota per connection per second: each connection sends back to back until its share of the
 * second is used, then waits for the next second, so "500/s" arrives as a burst at full speed at
 * the start of every second, and its p99 is that burst's queue. This is the steady reading of the
 * same rate. Returns { ok, rps, p50, p99, max, bad, total }.
 */
export async function offerSteady({ url, headers, paths, seconds, rate, connections }) {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies = [];
  let ok = 0;
  let bad = 0;
  let sent = 0;
  const get = (target, dueAt) =>
    new Promise((resolve) => {
      const req = http.request(target, { method: 'GET', headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode >= 200 && res.statusCode < 300) ok += 1;
          else bad += 1;
          latencies.push(performance.now() - dueAt);
          resolve();
        });
      });
      req.on('error', () => {
        bad += 1;
        resolve();
      });
      req.end();
    });
  const t0 = performance.now();
  const inFlight = [];
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate) + 1);
    for (; sent < due; sent++) inFlight.push(get(new URL(paths[sent % paths.length], url), t0 + (sent * 1000) / rate));
    await sleep(1);
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { ok, rps: ok / seconds, p50: at(0.5), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0), bad, total };
}

/**
 * Measures one window of reads: `offer()` runs the load; returns its result with the CPU-ms per
 * request of each process (`cpu()` readings before and after) and, when `stack` is given, the
 * store operations per request by service and by kind.
 */
export async function measureWindow({ offer, cpu, stack, profile }) {
  const opsBefore = stack ? await storeOperationsByKind(stack) : null;
  const before = cpu();
  const t0 = Date.now();
  profile?.(true);
  const load = await offer();
  profile?.(false);
  const seconds = (Date.now() - t0) / 1000;
  const after = cpu();
  const opsKinds = stack ? storeOpsDelta(opsBefore, await storeOperationsByKind(stack)) : {};
  const per = (x) => (1000 * x) / Math.max(1, load.ok);
  // The SMTP sink is test infrastructure, idle here: not one of the processes a read runs through.
  const cpuMs = Object.fromEntries(Object.keys(after).filter((k) => k !== 'smtp-sink').map((k) => [k, per(after[k] - (before[k] ?? 0))]));
  const ops = Object.fromEntries(Object.entries(opsByService(opsKinds)).map(([k, v]) => [k, v / Math.max(1, load.ok)]));
  const kinds = Object.fromEntries(Object.entries(opsKinds).filter(([, v]) => v > 0).map(([k, v]) => [k, v / Math.max(1, load.ok)]));
  return { ...load, seconds, cpuMs, ops, kinds };
}

/**
 * The read benchmarks' common run, for Herald and then the baseline: a warm-up (every path once,
 * then `warmup` seconds at the rate); the CPU window, `requests` requests at `cpuConnections`
 * connections as fast as they are answered (a fixed amount of work, so its CPU per request holds on
 * a machine loaded by others, where a fixed rate may not even be served); the latency window,
 * `rate` req/s offered for `duration` seconds. Prints the tables; fails when a request failed.
 */
export async function runReadBench({ title, unit, targetCpuMs, targetP99Ms = 20, ctx, herald, baseline, settings }) {
  const { stack, dataDir } = ctx;
  const { rate, duration, connections, warmup, requests, cpuConnections } = settings;
  const profiler = ctx.profiler;
  const pids = stackPids(stack);
  const atRate = (t, seconds) => () => offerReads({ ...t, seconds, rate, connections });
  const amount = (t) => () => offerReads({ ...t, amount: requests, rate: 0, connections: cpuConnections });
  const storeCpu = () => ({ store: cpuSeconds(stack, dataDir).store ?? 0, 'baseline server': processCpuSeconds(baseline.pid) });
  // What the processes burn with no request at all (timers, sweepers and the store queries they
  // make), over `idle` seconds: the background share of the per-request figures below.
  const idleSeconds = settings.idle;
  say(`idle window: ${idleSeconds} s without requests`);
  const idleOps = await storeOperationsByKind(stack);
  const idleBefore = cpuSeconds(stack, dataDir);
  await sleep(idleSeconds * 1000);
  const idleAfter = cpuSeconds(stack, dataDir);
  const idle = {
    cpuMsPerS: Object.fromEntries(Object.keys(idleAfter).filter((k) => k !== 'smtp-sink').map((k) => [k, (1000 * (idleAfter[k] - (idleBefore[k] ?? 0))) / idleSeconds])),
    opsPerS: Object.values(storeOpsDelta(idleOps, await storeOperationsByKind(stack))).reduce((a, v) => a + v, 0) / idleSeconds,
  };
  const results = {};
  for (const [key, t] of [['h', herald], ['b', baseline]]) {
    const first = await fetch(`${t.url}${t.paths[0]}`, { headers: t.headers });
    if (!first.ok) throw new Error(`${t.name}: ${first.status} ${await first.text()}`);
    const pass = await offerReads({ ...t, amount: t.paths.length, rate: 0, connections: 10 });
    if (pass.bad > 0) throw new Error(`${t.name}: ${pass.bad} of ${pass.total} warm-up requests failed`);
    if (warmup > 0) await atRate(t, warmup)();
    const cpu = key === 'h' ? () => cpuSeconds(stack, dataDir) : storeCpu;
    say(`${t.name}: CPU window, ${requests} requests at ${cpuConnections} connections`);
    const profile = key === 'h' ? () => profiler.toggle(Object.values(pids)) : undefined;
    const work = await measureWindow({ offer: amount(t), cpu, stack: key === 'h' ? stack : undefined, profile });
    if (profile && profiler.dir) say(`CPU profiles of the Herald CPU window: ${profiler.files(pids)}`);
    say(`${t.name}: latency window, ${rate} req/s offered for ${duration} s`);
    const latency = await measureWindow({ offer: atRate(t, duration), cpu });
    say(`${t.name}: steady window, ${rate} req/s arriving evenly for ${duration} s`);
    const steady = await measureWindow({ offer: () => offerSteady({ ...t, seconds: duration, rate, connections }), cpu });
    results[key] = { work, latency, steady };
  }
  const { h, b } = results;

  const f2 = (x) => x.toFixed(2);
  const total = (m) => Object.values(m).reduce((a, v) => a + v, 0);
  const load = (await import('node:os')).loadavg();
  console.log(`\n${title}, ${herald.paths.length} distinct paths (${ctx.machine}; load after: ${load.map((l) => l.toFixed(2)).join(' ')}; store holding ${ctx.seeded.recipients} recipients and ${ctx.seeded.notifications} notifications of other projects)\n`);
  console.log(`Latency: ${rate} req/s offered for ${duration} s at ${connections} connections\n`);
  console.log('| target | offered/s | answered/s | p50 ms | p99 ms | max ms | 2xx | failed | CPU-ms per answered request, all processes |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of [[`${herald.name} (autocannon: a burst every second)`, h.latency], [`${baseline.name} (autocannon)`, b.latency], [`${herald.name} (steady arrivals)`, h.steady], [`${baseline.name} (steady arrivals)`, b.steady]]) console.log(`| ${name} | ${rate} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.ok} | ${r.bad} | ${f2(total(r.cpuMs))} |`);
  console.log(`\nCPU-ms per ${unit}, per process (utime + stime from /proc; the load generator left out): ${requests} requests at ${cpuConnections} connections, answered at ${Math.round(h.work.rps)}/s (herald) and ${Math.round(b.work.rps)}/s (baseline)\n`);
  const names = [...new Set([...Object.keys(h.work.cpuMs), ...Object.keys(b.work.cpuMs)])].sort((x, y) => (h.work.cpuMs[y] ?? 0) - (h.work.cpuMs[x] ?? 0));
  const cell = (m, n) => (m[n] === undefined ? '—' : f2(m[n]));
  console.log(`| process | herald | baseline | herald, latency window (per answered request) | baseline, latency window |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const n of names) console.log(`| ${n} | ${cell(h.work.cpuMs, n)} | ${cell(b.work.cpuMs, n)} | ${cell(h.latency.cpuMs, n)} | ${cell(b.latency.cpuMs, n)} |`);
  console.log(`| **all processes** | **${f2(total(h.work.cpuMs))}** | **${f2(total(b.work.cpuMs))}** | ${f2(total(h.latency.cpuMs))} | ${f2(total(b.latency.cpuMs))} |`);
  const idleShare = (h.work.seconds * total(idle.cpuMsPerS)) / Math.max(1, h.work.ok);
  console.log(`\nidle background (no requests, ${idleSeconds} s): ${f2(total(idle.cpuMsPerS))} CPU-ms per second (${Object.entries(idle.cpuMsPerS).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${f2(v)}`).join(', ')}), ${f2(idle.opsPerS)} store operations per second: over the herald CPU window (${h.work.seconds.toFixed(1)} s) that is ${f2(idleShare)} of the ${f2(total(h.work.cpuMs))} CPU-ms per ${unit}`);
  console.log(`\nstore operations per ${unit}: herald ${f2(total(h.work.ops))} (${Object.entries(h.work.ops).map(([k, v]) => `${k} ${f2(v)}`).join(', ') || 'none'}); baseline 1 (one findOne by construction)`);
  console.log(`  by service, command and collection: ${Object.entries(h.work.kinds).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${v.toFixed(3)}`).join('; ') || 'none'}`);
  const cpu = total(h.work.cpuMs);
  const verdict = (r, base) => {
    const served = r.ok > 0 && r.bad === 0;
    return `${served && r.p99 <= targetP99Ms ? 'met' : 'NOT met'} (${served ? `${r.p99} ms` : `${r.bad} of ${r.total} failed`}; baseline ${base.p99} ms)`;
  };
  console.log(`\ntargets: ≤ ${targetCpuMs} CPU-ms per ${unit} (all Herald processes): ${cpu <= targetCpuMs ? 'met' : 'NOT met'} (${f2(cpu)}); p99 ≤ ${targetP99Ms} ms at ${rate} req/s arriving evenly: ${verdict(h.steady, b.steady)}; in autocannon's bursts: ${verdict(h.latency, b.latency)}`);
  const bad = h.work.bad + h.latency.bad + h.steady.bad + b.work.bad + b.latency.bad + b.steady.bad;
  if (bad > 0) throw new Error(`failed requests: herald ${h.work.bad} + ${h.latency.bad} + ${h.steady.bad}, baseline ${b.work.bad} + ${b.latency.bad} + ${b.steady.bad}`);
  return results;
}

export { windowProfiler };
