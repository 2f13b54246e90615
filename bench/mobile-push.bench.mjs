// Benchmark: mobile push end to end. N recipients (BENCH_RECIPIENTS, default 1,000; 10,000 is the
// size the targets are set for), each with an FCM and an APNs device, in a store seeded with other projects'
// recipients and notifications; the project's fcm and apns providers point at the sink's fakes
// (FCM HTTP v1 with its OAuth2 token endpoint; APNs over HTTP/2 with TLS, checking the ES256
// provider token). N direct sends with a payload and a mobile_push block, BENCH_CONNECTIONS at
// once (default 50), from the first send until every notification's push is sent to both devices.
// Prints pushes/s end to end and the CPU-ms per push of every process (from /proc; the sink, which
// plays FCM and APNs, and the load generator left out), then the same-run reference: N direct
// sends with a payload only (CPU-ms per send, rate to the last notification written).
// Then the slow-provider run (BENCH_ISOLATION_SENDS, default 200; 0 skips it): the p99 from send
// to arrival of pushes to FCM-only recipients, first with both fakes healthy, then while as many
// sends go to APNs-only recipients with the APNs fake answering in 2 s (the whole APNs fake slow:
// one provider slow). Then the slow-project run: a second project with its own FCM service account
// (another Firebase project id, at the same fake), the p99 of the first project's FCM pushes healthy
// again, then beside as many sends of the second project to its FCM-only recipients with the fake
// answering that Firebase project only in 2 s (`slow_ms` scoped by `project`): one project's
// provider slow, the same provider of another project measured. Between the two, as many sends of
// the second project answered at once beside the first project's: what the other project's sends
// alone cost, the slow answers left out. Last the same for APNs: the first project's APNs pushes
// healthy, then beside as many of the second project's APNs sends with the fake answering its app
// (`apns-topic`, the bundle id) only in 2 s.
// `npm run bench:mobile-push`. Env: BENCH_RECIPIENTS, BENCH_CONNECTIONS, BENCH_TIMEOUT (s, default
// 600), BENCH_SEED_RECIPIENTS / BENCH_SEED_NOTIFICATIONS (the seeded store, default 20,000 / 50,000).
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import { cpuDelta, cpuPerUnit, createRecipients, forEachIndex, json, machine, payloadOnlySends, sample, say, seedOtherProjects, sendEach, sleep, storeOperationsByKind, storeOpsDelta, withDeliveryStack } from './delivery-stack.mjs';

const n = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const timeoutS = Number(process.env.BENCH_TIMEOUT ?? 600);
process.env.BENCH_SEED_RECIPIENTS ??= '20000';
process.env.BENCH_SEED_NOTIFICATIONS ??= '50000';
const isolationSends = Number(process.env.BENCH_ISOLATION_SENDS ?? 200);
const DEVICES = 2;
const target = { channel: 'deploys', topic: 'production', event: 'finished' };
const hex = (i, width) => i.toString(16).padStart(width, '0');
const tokens = (i) => ({ fcm: `bench${hex(i, 8)}:APA91b${'x'.repeat(140)}`, apns: `${hex(i, 8)}${'ab'.repeat(28)}` });

/** Until `done()` (polled every 250 ms) or the timeout; seconds taken. */
async function until(done, t0) {
  while (!(await done())) {
    if ((Date.now() - t0) / 1000 > timeoutS) throw new Error(`not done within ${timeoutS} s`);
    await sleep(250);
  }
  return (Date.now() - t0) / 1000;
}

/** Sends to `r${prefix}<i>`, 20 at once; the p99 (ms) from each send to its push's arrival at the fake (`received_at`). */
async function arrivalP99({ api, sinkUrl, service, prefix, count, token }) {
  const sentAt = new Map();
  await sendEach(api, count, 20, (i) => (sentAt.set(token(i), Date.now()), { recipient_id: `${prefix}${i}`, target, mobile_push: { title: 'Deploy finished', body: `api v${i} is live` } }));
  const t0 = Date.now();
  let arrived = [];
  await until(async () => {
    arrived = (await (await fetch(`${sinkUrl}/${service}`)).json()).filter((m) => sentAt.has(m.to));
    return arrived.length >= count;
  }, t0);
  const waits = arrived.map((m) => Date.parse(m.received_at) - sentAt.get(m.to)).sort((a, b) => a - b);
  return waits[Math.floor(waits.length * 0.99)] ?? NaN;
}

/** Points a Herald project's fcm and apns providers at the sink's fakes, as Firebase project `firebaseId` and app `bundleId`, and catalogs the target. */
async function configureProviders(api, sinkUrl, { firebaseId, bundleId }) {
  const apnsKey = await (await fetch(`${sinkUrl}/apns/key`)).json();
  const put = async (name, body) => {
    const res = await api('PUT', `/providers/${name}`, body);
    if (!res.data?.configured) throw new Error(`PUT /providers/${name}: ${JSON.stringify(res)}`);
  };
  await put('apns', { key_p8: apnsKey.key_p8, key_id: apnsKey.key_id, team_id: apnsKey.team_id, bundle_id: bundleId, environment: 'sandbox' });
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await put('fcm', { service_account: { type: 'service_account', project_id: firebaseId, client_email: `push@${firebaseId}.iam.gserviceaccount.com`, private_key: privateKey, token_uri: `${sinkUrl}/fcm/token` } });
  await api('POST', '/preferences', { ...target, medium: 'mobile_push', name: 'Deploys on the phone', default_enabled: true });
}

/** A second Herald project (no rate limit) and a REST caller with its Full key. */
async function secondProject(stack, admin) {
  const created = await json(await fetch(`${stack.baseUrl}/admin/projects`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'mobile-push-other' }) }));
  await json(await fetch(`${stack.baseUrl}/admin/projects/${created.data.project.id}`, { method: 'PATCH', headers: admin, body: JSON.stringify({ settings: { rate_limit_per_second: null } }) }));
  const headers = { authorization: `Bearer ${created.data.keys.find((k) => k.scope === 'full').key}`, 'content-type': 'application/json' };
  return async (method, p, body) => json(await fetch(`${stack.baseUrl}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

/** `count` recipients `${prefix}<i>` of the project behind `api`, each with one device of `platform`. */
const recipientsWithOne = (api, prefix, platform, token, count) => forEachIndex(count, async (i) => {
  await api('POST', '/recipients', { id: `${prefix}${i}` });
  await api('POST', `/recipients/${prefix}${i}/devices`, { platform, token: token(i) });
});

const failed = await withDeliveryStack('mobile-push', {}, async ({ infra, stack, api, admin, metrics, cpu, dbPrefix }) => {
  if (!infra.smsApiUrl || !infra.apns) throw new Error('the sink (with its FCM and APNs fakes) does not run here: unset SMTP_URL');
  const sinkUrl = infra.smsApiUrl;
  await configureProviders(api, sinkUrl, { firebaseId: 'herald-bench', bundleId: 'com.example.bench' });

  const seeded = await seedOtherProjects({ infra, dbPrefix });
  say(`creating ${n} recipients, each with an fcm and an apns device...`);
  await createRecipients(api, n);
  await forEachIndex(n, async (i) => {
    const t = tokens(i);
    for (const platform of ['fcm', 'apns']) {
      const res = await api('POST', `/recipients/r${i}/devices`, { platform, token: t[platform] });
      if (!res.data?.id) throw new Error(`device of r${i}: ${JSON.stringify(res)}`);
    }
  });
  await sleep(1000);
  const load = os.loadavg()[0].toFixed(2);

  const pushed = async () => sample(await metrics(), 'herald_outbound_messages_total', { medium: 'mobile_push', outcome: 'sent' });
  const received = async () => (await (await fetch(`${sinkUrl}/fcm`)).json()).length + (await (await fetch(`${sinkUrl}/apns`)).json()).length;
  const pushedBefore = await pushed();
  const receivedBefore = await received();
  // Jobs turned away while their provider was busy (counted `retried`) in the main run.
  const triedAgain = async () => sample(await metrics(), 'herald_outbound_messages_total', { medium: 'mobile_push', outcome: 'retried' });
  const triedAgainBefore = await triedAgain();
  say(`herald: ${n} direct sends with a payload and a mobile_push block, ${connections} at once`);
  const opsBefore = await storeOperationsByKind(stack);
  const cpuBefore = cpu();
  const t0 = Date.now();
  const sends = await sendEach(api, n, connections, (i) => ({ recipient_id: `r${i}`, target, payload: { title: 'Deploy finished', i }, mobile_push: { title: 'Deploy finished', body: `api v${i} is live`, badge: 'unread' } }));
  const s = await until(async () => (await pushed()) - pushedBefore >= n, t0);
  const cpuAfter = cpu();
  const pushes = (await received()) - receivedBefore;
  const perPush = cpuPerUnit(cpuBefore, cpuAfter, n * DEVICES, { exclude: ['smtp-sink'] });
  const ops = storeOpsDelta(opsBefore, await storeOperationsByKind(stack));
  const mainTriedAgain = (await triedAgain()) - triedAgainBefore;

  const { s: refS, perSend } = await payloadOnlySends({ api, metrics, cpu, count: n, connections, target, timeoutS });

  let isolation = null;
  let projectIsolation = null;
  let apnsProjectIsolation = null;
  if (isolationSends > 0) {
    say(`slow provider: ${isolationSends} FCM-only sends healthy, then as many beside ${isolationSends} APNs-only sends with APNs answering in 2 s`);
    const only = (prefix, platform, token) => recipientsWithOne(api, prefix, platform, token, isolationSends);
    const fcmToken = (tag) => (i) => `${tag}${hex(i, 8)}:APA91b${'y'.repeat(140)}`;
    await only('fa', 'fcm', fcmToken('fa'));
    await only('fb', 'fcm', fcmToken('fb'));
    const apnsToken = (i) => `${hex(i, 8)}${'cd'.repeat(28)}`;
    await only('ap', 'apns', apnsToken);
    const healthy = await arrivalP99({ api, sinkUrl, service: 'fcm', prefix: 'fa', count: isolationSends, token: fcmToken('fa') });
    const control = (body) => fetch(`${sinkUrl}/apns/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await control({ slow_ms: 2000 });
    // Jobs turned away while their provider was busy (counted `retried`) and JetStream redeliveries, beside the slow provider.
    const retried = async () => sample(await metrics(), 'herald_outbound_messages_total', { medium: 'mobile_push', outcome: 'retried' });
    const redelivered = async () => sample(await metrics(), 'herald_jetstream_redeliveries_total', { consumer: 'delivery-mobile-push' });
    const [retriedBefore, redeliveredBefore] = [await retried(), await redelivered()];
    try {
      const slowSends = sendEach(api, isolationSends, 20, (i) => ({ recipient_id: `ap${i}`, target, mobile_push: { title: 'Deploy finished', body: `api v${i} is live` } }));
      const beside = await arrivalP99({ api, sinkUrl, service: 'fcm', prefix: 'fb', count: isolationSends, token: fcmToken('fb') });
      await slowSends;
      isolation = { healthy, beside, retried: (await retried()) - retriedBefore, redelivered: (await redelivered()) - redeliveredBefore };
    } finally {
      await control({ slow_ms: 0 });
    }

    say(`slow project: ${isolationSends} FCM-only sends healthy, then as many beside ${isolationSends} FCM-only sends of another project with its Firebase project answering in 2 s`);
    const apiB = await secondProject(stack, admin);
    await configureProviders(apiB, sinkUrl, { firebaseId: 'herald-bench-other', bundleId: 'com.example.bench-other' });
    await recipientsWithOne(apiB, 'b', 'fcm', fcmToken('fg'), isolationSends);
    await recipientsWithOne(apiB, 'bh', 'fcm', fcmToken('fh'), isolationSends);
    await only('fe', 'fcm', fcmToken('fe'));
    await only('fi', 'fcm', fcmToken('fi'));
    await only('ff', 'fcm', fcmToken('ff'));
    const otherSends = (prefix) => sendEach(apiB, isolationSends, 20, (i) => ({ recipient_id: `${prefix}${i}`, target, mobile_push: { title: 'Deploy finished', body: `api v${i} is live` } }));
    // The slow APNs pushes above arrive first, so that the healthy run starts on an idle sender.
    const slowApns = new Set(Array.from({ length: isolationSends }, (_, i) => apnsToken(i)));
    await until(async () => (await (await fetch(`${sinkUrl}/apns`)).json()).filter((m) => slowApns.has(m.to)).length >= isolationSends, Date.now());
    const projectHealthy = await arrivalP99({ api, sinkUrl, service: 'fcm', prefix: 'fe', count: isolationSends, token: fcmToken('fe') });
    // The same beside the other project's sends answered at once: what its sends alone cost the first project's.
    const healthySends = otherSends('bh');
    const besideHealthy = await arrivalP99({ api, sinkUrl, service: 'fcm', prefix: 'fi', count: isolationSends, token: fcmToken('fi') });
    await healthySends;
    const otherHealthy = new Set(Array.from({ length: isolationSends }, (_, i) => fcmToken('fh')(i)));
    await until(async () => (await (await fetch(`${sinkUrl}/fcm`)).json()).filter((m) => otherHealthy.has(m.to)).length >= isolationSends, Date.now());
    const controlFcm = (body) => fetch(`${sinkUrl}/fcm/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await controlFcm({ project: 'herald-bench-other', slow_ms: 2000 });
    const [retriedBefore2, redeliveredBefore2] = [await retried(), await redelivered()];
    try {
      const slowSends = otherSends('b');
      const beside = await arrivalP99({ api, sinkUrl, service: 'fcm', prefix: 'ff', count: isolationSends, token: fcmToken('ff') });
      await slowSends;
      projectIsolation = { healthy: projectHealthy, besideHealthy, beside, retried: (await retried()) - retriedBefore2, redelivered: (await redelivered()) - redeliveredBefore2 };
    } finally {
      await controlFcm({ project: 'herald-bench-other', slow_ms: 0 });
    }

    say(`slow project, APNs: ${isolationSends} APNs-only sends healthy, then as many beside ${isolationSends} APNs-only sends of the other project with its app answering in 2 s`);
    // 64 hex digits, as APNs tokens are: a two-digit tag, the index, a filler.
    const apnsTokenOf = (tag) => (i) => `${tag}${hex(i, 6)}${'ef'.repeat(28)}`;
    await recipientsWithOne(apiB, 'ba', 'apns', apnsTokenOf('b1'), isolationSends);
    await only('ag', 'apns', apnsTokenOf('a1'));
    await only('ah', 'apns', apnsTokenOf('a2'));
    // The other project's slow FCM pushes above arrive first, so that the healthy run starts on an idle sender.
    const slowFcm = new Set(Array.from({ length: isolationSends }, (_, i) => fcmToken('fg')(i)));
    await until(async () => (await (await fetch(`${sinkUrl}/fcm`)).json()).filter((m) => slowFcm.has(m.to)).length >= isolationSends, Date.now());
    const apnsHealthy = await arrivalP99({ api, sinkUrl, service: 'apns', prefix: 'ag', count: isolationSends, token: apnsTokenOf('a1') });
    const controlApns = (body) => fetch(`${sinkUrl}/apns/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ topic: 'com.example.bench-other', ...body }) });
    await controlApns({ slow_ms: 2000 });
    const [retriedBefore3, redeliveredBefore3] = [await retried(), await redelivered()];
    try {
      const slowSends = otherSends('ba');
      const beside = await arrivalP99({ api, sinkUrl, service: 'apns', prefix: 'ah', count: isolationSends, token: apnsTokenOf('a2') });
      await slowSends;
      apnsProjectIsolation = { healthy: apnsHealthy, beside, retried: (await retried()) - retriedBefore3, redelivered: (await redelivered()) - redeliveredBefore3 };
    } finally {
      await controlApns({ slow_ms: 0 });
    }
  }

  const rate = (n * DEVICES) / s;
  console.log(`\nMobile push: ${n} recipients × ${DEVICES} devices (fcm, apns) through the sink's fakes (${machine(infra)}; load at start ${load}; seeded: ${seeded.recipients} recipients, ${seeded.notifications} notifications of other projects)\n`);
  console.log('| run | sends | pushes | s | pushes/s | CPU-ms per push (per send for payload only), all processes | per process |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  console.log(`| payload + mobile_push, first send to last push | ${n} | ${pushes} | ${s.toFixed(1)} | ${Math.round(rate)} | ${perPush.total.toFixed(2)} | ${perPush.per.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')} |`);
  console.log(`| payload only (same run), first send to last written | ${n} | - | ${refS.toFixed(1)} | ${Math.round(n / refS)} sends/s | ${perSend.total.toFixed(2)} | ${perSend.per.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')} |`);
  console.log(`\nsends: ${sends.ok} accepted, p99 ${sends.p99} ms, ${sends.bad} failed; the sink received ${pushes} pushes (${n * DEVICES} expected); ${mainTriedAgain} pushes tried again later (turned away while their provider was busy, or retried)`);
  console.log(`target ≥ 1,000 pushes/s end to end: ${rate >= 1000 ? 'met' : 'NOT met'} (${Math.round(rate)}/s); ≤ 5 CPU-ms per message: ${perPush.total <= 5 ? 'met' : 'NOT met'}`);
  console.log(`CPU used from the first send to the last push: ${cpuDelta(cpuBefore, cpuAfter)}`);
  console.log(`store operations per notification (service, command, collection): ${Object.entries(ops).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / n).toFixed(3)}`).join('; ')}`);
  if (isolation) {
    const ratio = isolation.beside / isolation.healthy;
    console.log(`slow provider (APNs answering in 2 s): FCM pushes' p99 from send to arrival ${isolation.healthy} ms healthy, ${isolation.beside} ms beside the slow APNs sends (${ratio.toFixed(2)}×); target ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}; meanwhile ${isolation.retried} pushes tried again later (turned away while their provider was busy, or retried), ${isolation.redelivered} jobs redelivered`);
  }
  if (projectIsolation) {
    const ratio = projectIsolation.beside / projectIsolation.healthy;
    console.log(`slow project (another project's Firebase project answering in 2 s): this project's FCM pushes' p99 from send to arrival ${projectIsolation.healthy} ms healthy, ${projectIsolation.beside} ms beside the other project's slow FCM sends (${ratio.toFixed(2)}×); target ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}; beside as many of the other project's sends answered at once ${projectIsolation.besideHealthy} ms (${(projectIsolation.besideHealthy / projectIsolation.healthy).toFixed(2)}×); meanwhile ${projectIsolation.retried} pushes tried again later, ${projectIsolation.redelivered} jobs redelivered`);
  }
  if (apnsProjectIsolation) {
    const ratio = apnsProjectIsolation.beside / apnsProjectIsolation.healthy;
    console.log(`slow project, APNs (another project's app answering in 2 s): this project's APNs pushes' p99 from send to arrival ${apnsProjectIsolation.healthy} ms healthy, ${apnsProjectIsolation.beside} ms beside the other project's slow APNs sends (${ratio.toFixed(2)}×); target ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}; meanwhile ${apnsProjectIsolation.retried} pushes tried again later, ${apnsProjectIsolation.redelivered} jobs redelivered`);
  }
});
process.exit(failed ? 1 : 0);
