// Against a real nats-server started with docker/nats/herald.conf (generated from libs/contracts'
// NATS grants): each app connects with its user (connectNats: password and its own inbox prefix),
// does its JetStream and core NATS work under the real stream and consumer names, and is refused
// what belongs to another app: its subjects, its streams, its consumers, its inbox. Needs the
// nats-server binary (NATS_SERVER_BIN, .local/bin or PATH; `npm test` installs it); without one the
// suite is skipped with a message.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  DELIVERY_EMAIL_CONSUMER,
  DELIVERY_EMAIL_SUBJECT,
  DELIVERY_RECIPIENT_DELETED_CONSUMER,
  DELIVERY_STREAM,
  DELIVERY_SUBJECT_PREFIX,
  EVENTS_STREAM,
  KEY_REVOKED_SUBJECT,
  NATS_APPS,
  NATS_GRANTS,
  natsPasswordVariable,
  OUTCOMES_STREAM,
  outcomeSubject,
  PREFERENCE_RECIPIENT_DELETED_CONSUMER,
  RECIPIENT_CHANGED_SUBJECT,
  RECIPIENT_DELETED_SUBJECT,
  WEBHOOK_DISPATCH_CONSUMER,
  type NatsApp,
} from '@herald/contracts';
import { connectNats, ensureConsumer, ensureEventsStream, ensureOutcomesStream, ensureStream, type NatsConnection } from './nats';

const repoRoot = path.resolve(__dirname, '../../..');

/** nats-server as the local infrastructure finds it: NATS_SERVER_BIN, .local/bin, then PATH. */
function findNatsServer(): string | null {
  if (process.env.NATS_SERVER_BIN) return process.env.NATS_SERVER_BIN;
  const candidates = [path.join(repoRoot, '.local/bin/nats-server'), ...(process.env.PATH ?? '').split(path.delimiter).map((d) => path.join(d, 'nats-server'))];
  return candidates.find((f) => fs.existsSync(f)) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once the server says it is ready; rejects with its output when it exits first. */
function serverReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server is ready')) resolve();
    };
    child.stderr!.on('data', onData);
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`nats-server exited (${code}) before it was ready:\n${output}`)));
  });
}

const conf = path.join(repoRoot, 'docker/nats/herald.conf');
const password = (app: NatsApp) => `${app}-secret-1`;
const PERMISSION = /Permissions Violation/i;

const binary = findNatsServer();
const describeWithServer = binary ? describe : describe.skip;
if (!binary) process.stderr.write('[nats-auth] no nats-server binary: the NATS permission tests are skipped\n');

describeWithServer('NATS users from docker/nats/herald.conf (real nats-server)', () => {
  let server: ChildProcess;
  let dir: string;
  let url: string;
  const open: NatsConnection[] = [];
  const connections = new Map<NatsApp, NatsConnection>();

  /** The app's connection (one per app, as the app itself holds). */
  const as = async (app: NatsApp) => {
    if (!connections.has(app)) {
      const nc = await connectNats(url, app, { user: app, password: password(app) });
      open.push(nc);
      connections.set(app, nc);
    }
    return connections.get(app)!;
  };
  /** Publishes on `subject` and resolves true once the server reports the violation for it. */
  const publishRefused = async (nc: NatsConnection, subject: string) => {
    const refusal = (async () => {
      for await (const s of nc.status()) if (s.type === 'error' && PERMISSION.test(String(s.error)) && String(s.error).includes(subject)) return true;
      return false;
    })();
    nc.publish(subject, 'forged');
    await nc.flush();
    return refusal;
  };
  /** Subscribes to `subject` and resolves true once the server closes the subscription for lack of permission. */
  const subscribeRefused = async (nc: NatsConnection, subject: string) => {
    const sub = nc.subscribe(subject);
    const closed = await sub.closed;
    return closed instanceof Error && PERMISSION.test(closed.message);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-nats-auth-'));
    const port = await freePort();
    url = `nats://127.0.0.1:${port}`;
    const env = { ...process.env, ...Object.fromEntries(NATS_APPS.map((a) => [natsPasswordVariable(a), password(a)])) };
    server = spawn(binary!, ['-c', conf, '-js', '-sd', path.join(dir, 'js'), '-a', '127.0.0.1', '-p', String(port), '-m', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    await serverReady(server);
    // The streams and consumers exist, as each app creates them at start.
    const recipient = await as('recipient-service');
    await ensureEventsStream(recipient);
    const delivery = await as('delivery-service');
    await ensureStream(delivery, { name: DELIVERY_STREAM, subjects: [`${DELIVERY_SUBJECT_PREFIX}.>`] });
    await ensureEventsStream(delivery);
    await ensureOutcomesStream(delivery);
    for (const [stream, durable] of NATS_GRANTS['delivery-service'].durables) {
      const filter = stream === EVENTS_STREAM ? RECIPIENT_DELETED_SUBJECT : stream === DELIVERY_STREAM && durable === DELIVERY_EMAIL_CONSUMER ? DELIVERY_EMAIL_SUBJECT : undefined;
      await ensureConsumer(delivery, stream, { durable_name: durable, ack_policy: AckPolicy.Explicit, ...(filter ? { filter_subject: filter } : {}) });
    }
    const preference = await as('preference-service');
    await ensureEventsStream(preference);
    await ensureConsumer(preference, EVENTS_STREAM, { durable_name: PREFERENCE_RECIPIENT_DELETED_CONSUMER, ack_policy: AckPolicy.Explicit, filter_subject: RECIPIENT_DELETED_SUBJECT });
  });

  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when an app connects without its credentials or with a wrong password, then the server refuses it', async () => {
    await expect(connectNats(url, 'anonymous')).rejects.toThrow(/Authorization/i);
    await expect(connectNats(url, 'gateway', { user: 'gateway', password: 'wrong' })).rejects.toThrow(/Authorization/i);
  });

  it('when an app connects without its own inbox prefix, then its JetStream calls are refused (no user may read _INBOX.>)', async () => {
    const nc = await connect({ servers: url, user: 'gateway', pass: password('gateway') });
    open.push(nc);
    await expect((await jetstreamManager(nc, { checkAPI: false })).streams.info(OUTCOMES_STREAM)).rejects.toThrow(PERMISSION);
  });

  it('when the recipient service publishes its events, then the gateway hears them and the preference and delivery services pull and ack them from their own consumers', async () => {
    const gateway = await as('gateway');
    const seen = gateway.subscribe(RECIPIENT_DELETED_SUBJECT, { max: 1 });
    await gateway.flush();
    const ack = await jetstream(await as('recipient-service')).publish(RECIPIENT_DELETED_SUBJECT, 'r1', { msgID: 'r1' });
    expect(ack.seq).toBeGreaterThan(0);
    for await (const m of seen) expect(m.subject).toBe(RECIPIENT_DELETED_SUBJECT);
    const changes = gateway.subscribe(RECIPIENT_CHANGED_SUBJECT, { max: 1 });
    await gateway.flush();
    await jetstream(await as('recipient-service')).publish(RECIPIENT_CHANGED_SUBJECT, 'r1');
    for await (const m of changes) expect(m.subject).toBe(RECIPIENT_CHANGED_SUBJECT);

    for (const [app, durable] of [
      ['preference-service', PREFERENCE_RECIPIENT_DELETED_CONSUMER],
      ['delivery-service', DELIVERY_RECIPIENT_DELETED_CONSUMER],
    ] as const) {
      const msg = await (await jetstream(await as(app)).consumers.get(EVENTS_STREAM, durable)).next({ expires: 5_000 });
      expect([app, msg?.subject]).toEqual([app, RECIPIENT_DELETED_SUBJECT]);
      expect(await msg!.ackAck()).toBe(true);
    }
  });

  it('when the delivery service publishes and consumes its jobs and publishes outcomes, then it may, and the gateway reads the outcomes through consumers of its own', async () => {
    const delivery = await as('delivery-service');
    await jetstream(delivery).publish(DELIVERY_EMAIL_SUBJECT, 'job', { msgID: 'j1' });
    const job = await (await jetstream(delivery).consumers.get(DELIVERY_STREAM, DELIVERY_EMAIL_CONSUMER)).next({ expires: 5_000 });
    expect(job?.subject).toBe(DELIVERY_EMAIL_SUBJECT);
    expect(await job!.ackAck()).toBe(true);

    const gateway = await as('gateway');
    const gjsm = await jetstreamManager(gateway);
    const outcome = outcomeSubject(7, 'r', 'notification.delivered');
    await jetstream(delivery).publish(outcome, 'o1', { msgID: 'o1' });
    // The live reader: an ordered consumer (named by the client, created through the named API).
    const live = await jetstream(gateway).consumers.get(OUTCOMES_STREAM, { filter_subjects: outcome });
    expect((await live.next({ expires: 5_000 }))?.subject).toBe(outcome);
    // A replay: a named consumer of its own, fetched from and deleted.
    const replay = await gjsm.consumers.add(OUTCOMES_STREAM, { name: 'replay_test', filter_subject: outcome, deliver_policy: DeliverPolicy.All, ack_policy: AckPolicy.None, mem_storage: true });
    const batch = await (await jetstream(gateway).consumers.get(OUTCOMES_STREAM, replay.name)).fetch({ max_messages: 1, expires: 5_000 });
    for await (const m of batch) expect(m.subject).toBe(outcome);
    expect(await gjsm.consumers.delete(OUTCOMES_STREAM, replay.name)).toBe(true);
  });

  // One forbidden operation per kind and user: another app's subject, stream, consumer or inbox.
  it("when the internet-facing gateway reaches for the webhook dispatcher's consumer, then it can neither delete, pull, read nor re-filter it", async () => {
    const gateway = await as('gateway');
    const gjsm = await jetstreamManager(gateway);
    await expect(gjsm.consumers.delete(OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER)).rejects.toThrow(PERMISSION);
    await expect(gateway.request(`$JS.API.CONSUMER.MSG.NEXT.${OUTCOMES_STREAM}.${WEBHOOK_DISPATCH_CONSUMER}`, JSON.stringify({ batch: 1, expires: 1e9 }))).rejects.toThrow(PERMISSION);
    await expect(gjsm.consumers.info(OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER)).rejects.toThrow(PERMISSION);
    // nats-server 2.9 lets the legacy ephemeral create update a durable named in the body.
    const refilter = JSON.stringify({ stream_name: OUTCOMES_STREAM, config: { name: WEBHOOK_DISPATCH_CONSUMER, ack_policy: 'explicit', deliver_policy: 'all', filter_subject: 'herald.outcomes.nothing' } });
    await expect(gateway.request(`$JS.API.CONSUMER.CREATE.${OUTCOMES_STREAM}`, refilter)).rejects.toThrow(PERMISSION);
    await expect(gjsm.consumers.add(OUTCOMES_STREAM, { name: WEBHOOK_DISPATCH_CONSUMER, ack_policy: AckPolicy.Explicit, filter_subject: 'herald.outcomes.nothing' })).rejects.toThrow(PERMISSION);
    await expect(gjsm.streams.delete(OUTCOMES_STREAM)).rejects.toThrow(PERMISSION);
    await expect(gjsm.streams.purge(OUTCOMES_STREAM)).rejects.toThrow(PERMISSION);
    const dispatch = await (await jetstreamManager(await as('delivery-service'))).consumers.info(OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER);
    expect(dispatch.config.filter_subject ?? '').toBe('');
    expect(await publishRefused(gateway, RECIPIENT_DELETED_SUBJECT)).toBe(true);
    expect(await publishRefused(gateway, outcomeSubject(7, 'r', 'notification.delivered'))).toBe(true);
    expect(await subscribeRefused(gateway, '_INBOX_delivery-service.>')).toBe(true);
  });

  it('when the recipient service reaches beyond publishing its events, then it is refused', async () => {
    const recipient = await as('recipient-service');
    const jsm = await jetstreamManager(recipient);
    await expect(jsm.consumers.add(EVENTS_STREAM, { name: 'sneaky', ack_policy: AckPolicy.None })).rejects.toThrow(PERMISSION);
    await expect(jsm.streams.delete(EVENTS_STREAM)).rejects.toThrow(PERMISSION);
    await expect(recipient.request(`$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${DELIVERY_RECIPIENT_DELETED_CONSUMER}`, JSON.stringify({ batch: 1 }))).rejects.toThrow(PERMISSION);
    expect(await publishRefused(recipient, DELIVERY_EMAIL_SUBJECT)).toBe(true);
    expect(await subscribeRefused(recipient, RECIPIENT_DELETED_SUBJECT)).toBe(true);
  });

  it("when the preference service reaches for another app's stream or consumer, then it is refused", async () => {
    const preference = await as('preference-service');
    const jsm = await jetstreamManager(preference);
    await expect(jsm.streams.delete(EVENTS_STREAM)).rejects.toThrow(PERMISSION);
    await expect(jsm.streams.info(DELIVERY_STREAM)).rejects.toThrow(PERMISSION);
    await expect(jsm.consumers.delete(EVENTS_STREAM, DELIVERY_RECIPIENT_DELETED_CONSUMER)).rejects.toThrow(PERMISSION);
    await expect(preference.request(`$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${DELIVERY_RECIPIENT_DELETED_CONSUMER}`, JSON.stringify({ batch: 1 }))).rejects.toThrow(PERMISSION);
    expect(await publishRefused(preference, RECIPIENT_DELETED_SUBJECT)).toBe(true);
    expect(await subscribeRefused(preference, '_INBOX_gateway.>')).toBe(true);
  });

  it("when the delivery service reaches for another app's subject or consumer, then it is refused", async () => {
    const delivery = await as('delivery-service');
    const jsm = await jetstreamManager(delivery);
    await expect(jsm.consumers.delete(EVENTS_STREAM, PREFERENCE_RECIPIENT_DELETED_CONSUMER)).rejects.toThrow(PERMISSION);
    await expect(delivery.request(`$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${PREFERENCE_RECIPIENT_DELETED_CONSUMER}`, JSON.stringify({ batch: 1 }))).rejects.toThrow(PERMISSION);
    await expect(jsm.streams.delete(DELIVERY_STREAM)).rejects.toThrow(PERMISSION);
    expect(await publishRefused(delivery, KEY_REVOKED_SUBJECT)).toBe(true);
    expect(await publishRefused(delivery, RECIPIENT_DELETED_SUBJECT)).toBe(true);
    expect(await subscribeRefused(delivery, '_INBOX_gateway.>')).toBe(true);
  });
});
