import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { DeliveryFailure } from '../../kernel/outbound';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createWebPushSender } from './web-push-sender';

// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const { selfSignedCertificate } = require('../../../../../tools/smtp-sink/self-signed.cjs') as { selfSignedCertificate(o: { commonName: string }): { key: string; cert: string } };

const MB = 1024 * 1024;
const outcome = (p: Promise<{ messageId: string | null }>) => p.then((r) => ({ ok: true as const, messageId: r.messageId }), (e: unknown) => ({ ok: false as const, error: e as DeliveryFailure }));
/** Generous: the fake push service decrypts every message, on a loaded machine. */
const DEADLINE_MS = 8_000;

/**
 * A hostile push service on 127.0.0.1: `/trickle/…` answers 201 and then one byte a second,
 * forever; `/huge/…` answers 201 with 100 MB. Counts the answers it stopped writing because the
 * client went away, and the requests it was sent.
 */
async function startHostile(): Promise<{ url: string; ca: string; dropped: () => number; requests: () => number; close(): Promise<void> }> {
  const { key, cert } = selfSignedCertificate({ commonName: 'Hostile push service' });
  let dropped = 0;
  let requests = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = https.createServer({ key, cert }, (req, res) => {
    requests++;
    req.resume();
    res.on('close', () => !res.writableFinished && dropped++);
    res.writeHead(201, { 'content-type': 'text/plain' });
    if (req.url?.startsWith('/trickle/')) {
      const t = setInterval(() => res.write('x'), 1000);
      timers.add(t);
      res.on('close', () => (clearInterval(t), timers.delete(t)));
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 'y');
    let left = 100 * MB;
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        left -= chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ca: cert,
    dropped: () => dropped,
    requests: () => requests,
    async close() {
      for (const t of timers) clearInterval(t);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * One slow or hostile push endpoint costs its own request only: with a deadline on every request
 * and at most 64 KiB read of any answer, pushes to a well-behaved push service all complete beside
 * endpoints that trickle or flood, the bad ones fail with a clear error, and memory stays flat.
 */
describe('web push against hostile endpoints', () => {
  let sink: SmtpSink;
  let hostile: Awaited<ReturnType<typeof startHostile>>;
  const vapid = webpush.generateVAPIDKeys();
  beforeAll(async () => {
    sink = await startSmtpSink();
    hostile = await startHostile();
  });
  afterAll(async () => {
    await hostile?.close();
    await sink?.stop();
  });

  it('when endpoints trickle one byte a second or answer 100 MB, then the other pushes complete, the bad ones fail clearly, and memory grows < 50 MB', async () => {
    const sender = createWebPushSender({
      vapid: { ...vapid, subject: 'mailto:ops@herald.test' },
      ttlSeconds: 60,
      urgency: 'normal',
      timeoutMs: DEADLINE_MS,
      allowedHosts: ['*'],
      allowPrivate: true,
      extraCa: `${fs.readFileSync(sink.pushCaFile, 'utf8')}\n${hostile.ca}`,
    });
    try {
      const good = await Promise.all(Array.from({ length: 12 }, () => sink.push.subscribe(vapid.publicKey)));
      const keys = good[0].keys;
      const bad = (kind: string, i: number) => JSON.stringify({ endpoint: `${hostile.url}/${kind}/${i}`, keys });
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      const [trickled, flooded, delivered] = await Promise.all([
        Promise.all(Array.from({ length: 5 }, (_, i) => outcome(sender.send({ subscription: bad('trickle', i), payload: '{}' })))),
        Promise.all(Array.from({ length: 5 }, (_, i) => outcome(sender.send({ subscription: bad('huge', i), payload: '{}' })))),
        Promise.all(good.map((s, i) => outcome(sender.send({ subscription: JSON.stringify(s), payload: JSON.stringify({ i }) })))),
      ]);
      const rssAfter = process.memoryUsage().rss;
      expect(delivered.filter((d) => !d.ok || !d.messageId)).toEqual([]);
      for (const t of trickled) expect(t).toMatchObject({ ok: false, error: { kind: 'transient', message: expect.stringMatching(new RegExp(`did not answer within ${DEADLINE_MS} ms`)) } });
      for (const f of flooded) expect(f).toMatchObject({ ok: false, error: { kind: 'rejected', message: expect.stringMatching(/more than 64 KiB/) } });
      expect((rssAfter - rssBefore) / MB).toBeLessThan(50);
    } finally {
      sender.close?.();
    }
  });

  it('when an endpoint is not on an allowed host, then it is refused before any request, naming the setting', async () => {
    const sender = createWebPushSender({ vapid: { ...vapid, subject: 'mailto:ops@herald.test' }, ttlSeconds: 60, urgency: 'normal', timeoutMs: 3_000, allowedHosts: ['fcm.googleapis.com'], allowPrivate: true });
    try {
      const sub = await sink.push.subscribe(vapid.publicKey);
      const err = await sender.send({ subscription: JSON.stringify(sub), payload: '{}' }).then(() => null, (e: unknown) => e as DeliveryFailure);
      expect(err).toMatchObject({ kind: 'rejected', message: expect.stringContaining('PUSH_ALLOWED_HOSTS') });
      expect((await sink.push.received()).filter((p) => p.endpoint === sub.endpoint)).toHaveLength(0);
    } finally {
      sender.close?.();
    }
  });

  it('when one project, or one endpoint host, has its share in flight, then its next push is busy (not attempted) and other pushes complete', async () => {
    const sender = createWebPushSender({
      vapid: { ...vapid, subject: 'mailto:ops@herald.test' },
      ttlSeconds: 60,
      urgency: 'normal',
      timeoutMs: 1_500,
      allowedHosts: ['*'],
      allowPrivate: true,
      extraCa: `${fs.readFileSync(sink.pushCaFile, 'utf8')}\n${hostile.ca}`,
      maxInFlightPerHost: 3,
      maxInFlightPerProject: 2,
    });
    try {
      const sub = await sink.push.subscribe(vapid.publicKey);
      const trickling = (i: number) => JSON.stringify({ endpoint: `${hostile.url}/trickle/share-${i}`, keys: sub.keys });
      const slow = [0, 1].map((i) => outcome(sender.send({ subscription: trickling(i), payload: '{}', projectId: 1 })));
      expect(await outcome(sender.send({ subscription: trickling(2), payload: '{}', projectId: 1 }))).toMatchObject({ ok: false, error: { kind: 'busy', message: expect.stringContaining('PUSH_MAX_IN_FLIGHT_PER_PROJECT') } });
      slow.push(outcome(sender.send({ subscription: trickling(3), payload: '{}', projectId: 2 })));
      expect(await outcome(sender.send({ subscription: trickling(4), payload: '{}', projectId: 3 }))).toMatchObject({ ok: false, error: { kind: 'busy', message: expect.stringContaining('PUSH_MAX_IN_FLIGHT_PER_HOST') } });
      // Another host, another project: not held up.
      expect(await outcome(sender.send({ subscription: JSON.stringify(sub), payload: '{}', projectId: 3 }))).toMatchObject({ ok: true });
      // The slow ones end at their deadline, and their shares are free again.
      for (const s of await Promise.all(slow)) expect(s).toMatchObject({ ok: false, error: { kind: 'transient' } });
      expect(await outcome(sender.send({ subscription: JSON.stringify(sub), payload: '{}', projectId: 1 }))).toMatchObject({ ok: true });
    } finally {
      sender.close?.();
    }
  });

  it('when an endpoint host fails as many times in a row as its breaker allows, then its next push fails at once without a request, and another host still gets its push', async () => {
    const sender = createWebPushSender({
      vapid: { ...vapid, subject: 'mailto:ops@herald.test' },
      ttlSeconds: 60,
      urgency: 'normal',
      timeoutMs: DEADLINE_MS,
      allowedHosts: ['*'],
      allowPrivate: true,
      extraCa: `${fs.readFileSync(sink.pushCaFile, 'utf8')}\n${hostile.ca}`,
      hostBreaker: { consecutiveFailures: 3, halfOpenAfterMs: 60_000 },
    });
    try {
      const sub = await sink.push.subscribe(vapid.publicKey);
      const flooding = (i: number) => JSON.stringify({ endpoint: `${hostile.url}/huge/breaker-${i}`, keys: sub.keys });
      for (const i of [0, 1, 2]) expect(await outcome(sender.send({ subscription: flooding(i), payload: '{}' }))).toMatchObject({ ok: false, error: { kind: 'rejected', message: expect.stringMatching(/more than 64 KiB/) } });
      const requestsBefore = hostile.requests();
      const backedOff = await outcome(sender.send({ subscription: flooding(3), payload: '{}' }));
      expect(backedOff).toMatchObject({ ok: false, error: { kind: 'transient', message: expect.stringContaining('is backed off') } });
      expect(backedOff.ok ? null : backedOff.error.retryAfterMs).toBeGreaterThan(0);
      expect(hostile.requests()).toBe(requestsBefore);
      expect(await outcome(sender.send({ subscription: JSON.stringify(sub), payload: '{}' }))).toMatchObject({ ok: true });
      expect((await sink.push.received()).filter((p) => p.endpoint === sub.endpoint)).toHaveLength(1);
    } finally {
      sender.close?.();
    }
  });
});
