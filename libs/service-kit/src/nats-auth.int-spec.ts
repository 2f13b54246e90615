// Against a real nats-server started with docker/nats/herald.conf: each app connects with
// NATS_USER/NATS_PASSWORD (connectNats), does its JetStream and core NATS work, and is refused when
// it publishes another app's subject. Needs the nats-server binary (NATS_SERVER_BIN, .local/bin or PATH;
// `npm test` installs it); without one the suite is skipped with a message.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { DELIVERY_EMAIL_SUBJECT, EVENTS_STREAM, KEY_REVOKED_SUBJECT, RECIPIENT_CHANGED_SUBJECT, RECIPIENT_DELETED_SUBJECT } from '@herald/contracts';
import { connectNats, ensureEventsStream, ensureStream, type NatsConnection } from './nats';

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

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline) throw new Error(`nats-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const conf = path.join(repoRoot, 'docker/nats/herald.conf');
const PASSWORDS = {
  gateway: ['HERALD_NATS_GATEWAY_PASSWORD', 'gw-secret-1'],
  'recipient-service': ['HERALD_NATS_RECIPIENT_PASSWORD', 'rs-secret-1'],
  'preference-service': ['HERALD_NATS_PREFERENCE_PASSWORD', 'ps-secret-1'],
  'delivery-service': ['HERALD_NATS_DELIVERY_PASSWORD', 'ds-secret-1'],
} as const;
type App = keyof typeof PASSWORDS;

const binary = findNatsServer();
const describeWithServer = binary ? describe : describe.skip;
if (!binary) process.stderr.write('[nats-auth] no nats-server binary: the NATS permission tests are skipped\n');

describeWithServer('NATS users from docker/nats/herald.conf (real nats-server)', () => {
  let server: ChildProcess;
  let dir: string;
  let url: string;
  const open: NatsConnection[] = [];

  const as = async (app: App) => {
    const nc = await connectNats(url, app, { user: app, password: PASSWORDS[app][1] });
    open.push(nc);
    const errors: string[] = [];
    void (async () => {
      for await (const s of nc.status()) if (s.type === 'error') errors.push(String((s as { error?: unknown }).error));
    })();
    return { nc, errors };
  };
  const refused = async (c: { nc: NatsConnection; errors: string[] }, subject: string) => {
    c.nc.publish(subject, 'forged');
    await c.nc.flush();
    for (let i = 0; i < 40 && !c.errors.some((e) => e.includes(subject)); i++) await new Promise((r) => setTimeout(r, 25));
    return c.errors.some((e) => /Permissions Violation/i.test(e) && e.includes(subject));
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-nats-auth-'));
    const port = await freePort();
    url = `nats://127.0.0.1:${port}`;
    const env = { ...process.env, ...Object.fromEntries(Object.values(PASSWORDS)) };
    server = spawn(binary!, ['-c', conf, '-js', '-sd', path.join(dir, 'js'), '-a', '127.0.0.1', '-p', String(port), '-m', '0'], { env, stdio: 'ignore' });
    await waitForPort(port, 15_000);
  });

  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    server?.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('when an app connects without its credentials or with a wrong password, then the server refuses it', async () => {
    await expect(connectNats(url, 'anonymous')).rejects.toThrow(/Authorization/i);
    await expect(connectNats(url, 'gateway', { user: 'gateway', password: 'wrong' })).rejects.toThrow(/Authorization/i);
  });

  it('when the recipient service publishes its events, the preference and delivery services consume and ack them, and the gateway sees them', async () => {
    const recipient = await as('recipient-service');
    const gateway = await as('gateway');
    await ensureEventsStream(recipient.nc);
    const seen = gateway.nc.subscribe(RECIPIENT_DELETED_SUBJECT, { max: 1 });
    await gateway.nc.flush();
    const ack = await jetstream(recipient.nc).publish(RECIPIENT_DELETED_SUBJECT, 'r1', { msgID: 'r1' });
    expect(ack.seq).toBeGreaterThan(0);
    for await (const m of seen) expect(m.subject).toBe(RECIPIENT_DELETED_SUBJECT);
    const changes = gateway.nc.subscribe(RECIPIENT_CHANGED_SUBJECT, { max: 1 });
    await gateway.nc.flush();
    await jetstream(recipient.nc).publish(RECIPIENT_CHANGED_SUBJECT, 'r1');
    for await (const m of changes) expect(m.subject).toBe(RECIPIENT_CHANGED_SUBJECT);

    for (const app of ['preference-service', 'delivery-service'] as const) {
      const c = await as(app);
      await ensureEventsStream(c.nc);
      const jsm = await jetstreamManager(c.nc);
      await jsm.consumers.add(EVENTS_STREAM, { durable_name: `${app}-test`, ack_policy: AckPolicy.Explicit, filter_subject: RECIPIENT_DELETED_SUBJECT });
      const msg = await (await jetstream(c.nc).consumers.get(EVENTS_STREAM, `${app}-test`)).next({ expires: 5_000 });
      expect([app, msg?.subject]).toEqual([app, RECIPIENT_DELETED_SUBJECT]);
      expect(await msg!.ackAck()).toBe(true);
    }
  });

  it('when the delivery service publishes and consumes its jobs, then it may', async () => {
    const delivery = await as('delivery-service');
    await ensureStream(delivery.nc, { name: 'HERALD_DELIVERY_TEST', subjects: [DELIVERY_EMAIL_SUBJECT] });
    await jetstream(delivery.nc).publish(DELIVERY_EMAIL_SUBJECT, 'job', { msgID: 'j1' });
    const jsm = await jetstreamManager(delivery.nc);
    await jsm.consumers.add('HERALD_DELIVERY_TEST', { durable_name: 'emails', ack_policy: AckPolicy.Explicit });
    const msg = await (await jetstream(delivery.nc).consumers.get('HERALD_DELIVERY_TEST', 'emails')).next({ expires: 5_000 });
    expect(msg?.subject).toBe(DELIVERY_EMAIL_SUBJECT);
  });

  it("when an app publishes another app's subject, then the server refuses it", async () => {
    expect(await refused(await as('gateway'), RECIPIENT_DELETED_SUBJECT)).toBe(true);
    expect(await refused(await as('preference-service'), RECIPIENT_DELETED_SUBJECT)).toBe(true);
    expect(await refused(await as('recipient-service'), DELIVERY_EMAIL_SUBJECT)).toBe(true);
    expect(await refused(await as('delivery-service'), KEY_REVOKED_SUBJECT)).toBe(true);
    // The gateway reads the outcome events stream only: no other stream's API, no deletes.
    expect(await refused(await as('gateway'), '$JS.API.STREAM.DELETE.HERALD_OUTCOMES')).toBe(true);
    expect(await refused(await as('gateway'), '$JS.API.CONSUMER.MSG.NEXT.HERALD_DELIVERY.notifications')).toBe(true);
  });
});
