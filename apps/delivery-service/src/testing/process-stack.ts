import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import { DeliveryService, PreferenceService, ProviderService, RecipientService, WebhookService } from '@herald/contracts';
import { connectMongo, PeerSessionManager, serviceAuthClientInterceptor, type MongoHandle } from '@herald/service-kit';

// Test infrastructure (tools/infra) is plain CommonJS outside the Nx projects, shared with npm start.
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const infra = require('../../../../tools/infra/index.cjs') as {
  root: string;
  startInfra(opts: { dataDir: string; log?: (m: string) => void }): Promise<{ mongoUrl: string; natsUrl: string; smtpUrl: string; mailApiUrl: string; apns: { origin: string; caFile: string }; stop(): Promise<void> }>;
  freePort(): Promise<number>;
  spawnLogged(name: string, cmd: string, args: string[], opts: { logDir: string; env?: Record<string, string> }): ChildProcess;
  waitForPort(port: number, timeoutMs?: number, host?: string, child?: ChildProcess | null): Promise<void>;
  stopChild(child: ChildProcess): Promise<void>;
  tailLog(file: string, lines?: number): string;
};

const SERVICES = ['recipient-service', 'preference-service', 'delivery-service'] as const;
type ServiceName = (typeof SERVICES)[number];

/**
 * The three back-end services as real processes (bundles built by scripts/build.mjs) against an
 * infrastructure of their own (store, broker, SMTP sink in a temporary directory), for fault tests
 * that kill a process. The delivery service is reached over gRPC; its store is read directly.
 */
export interface ProcessStack {
  recipients: Client<typeof RecipientService>;
  preferences: Client<typeof PreferenceService>;
  /** The stack's own SMTP sink's HTTP API (GET /messages; the FCM, APNs and chat fakes' GET /fcm, /apns, /chat and their controls). */
  mailApiUrl: string;
  /** A request to the sink's HTTP API (what a fake received, its controls); its JSON answer, or an error naming a non-2xx status. */
  sink<T>(method: string, path: string, body?: unknown): Promise<T>;
  delivery(): Client<typeof DeliveryService>;
  /** The delivery service's ProviderService (follows restarts): the delivery service sends mobile pushes to the sink's fakes. */
  providers(): Client<typeof ProviderService>;
  /** The delivery service's WebhookService (follows restarts). */
  webhooks(): Client<typeof WebhookService>;
  /** The stack's NATS server (or the caller's cluster). */
  natsUrl: string;
  /** The delivery service's own database. */
  deliveryDb: MongoHandle;
  /** SIGKILLs a service and waits until it is gone. */
  kill(name: ServiceName): Promise<void>;
  /** Starts a (killed or running) service again on its port, with the same environment (or `env` instead of its extra environment). */
  restart(name: ServiceName, env?: Record<string, string>): Promise<void>;
  /** Resolves when a service's process has exited by itself (a failpoint). */
  exited(name: ServiceName): Promise<void>;
  /**
   * Another delivery process beside the first, sharing its store, broker and peers (`env` added to its
   * environment, e.g. its own Slack token, to tell whose posts are whose), for a test that kills one replica.
   */
  startDeliveryReplica(env?: Record<string, string>): Promise<{ kill(): Promise<void> }>;
  stop(): Promise<void>;
}

/** SIGKILLs a child process and waits until it is gone. */
async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

/** `natsUrl`: a broker (or cluster) the caller started, used instead of a nats-server of the stack's own. */
export async function startProcessStack(extraEnv: Partial<Record<ServiceName, Record<string, string>>> = {}, { natsUrl }: { natsUrl?: string } = {}): Promise<ProcessStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-fault-'));
  const logDir = path.join(dataDir, 'logs');
  const distDir = path.join(infra.root, 'dist', `.fault-${randomBytes(4).toString('hex')}`);
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dataDir, { recursive: true, force: true }), () => fs.rmSync(distDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups.length = 0;
  };
  try {
    execFileSync(process.execPath, [path.join(infra.root, 'scripts', 'build.mjs'), ...SERVICES, `--outdir=${distDir}`], { stdio: 'ignore' });
    // Everything of our own: the suite's shared URLs are hidden from startInfra while it runs.
    const saved = { MONGO_URL: process.env.MONGO_URL, NATS_URL: process.env.NATS_URL, SMTP_URL: process.env.SMTP_URL, HERALD_NO_DOCKER: process.env.HERALD_NO_DOCKER };
    for (const k of ['MONGO_URL', 'NATS_URL', 'SMTP_URL'] as const) delete process.env[k];
    if (natsUrl) process.env.NATS_URL = natsUrl;
    process.env.HERALD_NO_DOCKER = '1';
    let own: Awaited<ReturnType<typeof infra.startInfra>>;
    try {
      own = await infra.startInfra({ dataDir, log: () => undefined });
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    cleanups.push(() => own.stop());

    const ports = Object.fromEntries(await Promise.all(SERVICES.map(async (s) => [s, await infra.freePort()] as const))) as Record<ServiceName, number>;
    const url = (s: ServiceName) => `http://127.0.0.1:${ports[s]}`;
    const dbPrefix = `fault${randomBytes(3).toString('hex')}`;
    const serviceToken = process.env.SERVICE_TOKEN ?? randomBytes(32).toString('hex');
    const extra = { ...extraEnv };
    // Mobile pushes go to the sink's fakes; provider settings are sealed with a key of this stack.
    const mobileFakesEnv = { FCM_API_URL: `${own.mailApiUrl}/fcm`, APNS_URL: own.apns.origin, APNS_EXTRA_CA_FILE: own.apns.caFile, PROVIDER_SECRET_KEY: randomBytes(32).toString('hex') };
    // Chat messages go to the sink's chat fakes (Slack's Web API with any xoxb- token, the webhooks on the sink's host).
    const chatHostsEnv = { CHAT_ALLOW_PRIVATE: '1', CHAT_ALLOWED_HOSTS: new URL(own.mailApiUrl).hostname };
    const chatFakesEnv = { ...chatHostsEnv, SLACK_API_URL: `${own.mailApiUrl}/api`, SLACK_BOT_TOKEN: 'xoxb-herald-fault-fake' };
    const envOf = (s: ServiceName): Record<string, string> => ({
      MONGO_URL: own.mongoUrl,
      NATS_URL: own.natsUrl,
      SMTP_URL: own.smtpUrl,
      HOST: '127.0.0.1',
      PORT: String(ports[s]),
      METRICS_PORT: '0',
      MONGO_DB: `${dbPrefix}_${s.replace('-service', '')}`,
      LOG_LEVEL: 'warn',
      RECIPIENT_SERVICE_URL: url('recipient-service'),
      PREFERENCE_SERVICE_URL: url('preference-service'),
      SERVICE_AUTH: 'token',
      SERVICE_TOKEN: serviceToken,
      ...(s === 'delivery-service' ? { ...mobileFakesEnv, ...chatFakesEnv } : {}),
      ...(s === 'recipient-service' ? chatHostsEnv : {}),
      ...extra[s],
    });
    const children: Partial<Record<ServiceName, ChildProcess>> = {};
    const replicas: ChildProcess[] = [];
    /** Spawns a service's bundle, logging as `name`, with `env` (its PORT among it). */
    const spawn = (s: ServiceName, name: string, env: Record<string, string>) => infra.spawnLogged(name, process.execPath, ['--enable-source-maps', path.join(distDir, 'apps', s, 'main.js')], { logDir, env });
    /** Resolves once the child's port answers; else fails with the tail of its log. */
    const listening = (name: string, env: Record<string, string>, child: ChildProcess) =>
      infra.waitForPort(Number(env.PORT), 60_000, '127.0.0.1', child).catch((err: Error) => {
        throw new Error(`${err.message}\n${infra.tailLog(path.join(logDir, `${name}.log`))}`);
      });
    const start = async (s: ServiceName) => {
      const env = envOf(s);
      children[s] = spawn(s, s, env);
      await listening(s, env, children[s]!);
    };
    cleanups.push(async () => {
      for (const child of [...replicas, ...SERVICES.map((s) => children[s])]) if (child) await infra.stopChild(child);
    });
    await Promise.all(SERVICES.map(start));

    const sessions: PeerSessionManager[] = [];
    cleanups.push(() => sessions.forEach((m) => m.abort()));
    const clientOf = <S extends typeof RecipientService | typeof DeliveryService | typeof WebhookService | typeof PreferenceService | typeof ProviderService>(service: S, s: ServiceName) => {
      const sessionManager = new PeerSessionManager(url(s));
      sessions.push(sessionManager);
      return createClient(service, createGrpcTransport({ baseUrl: url(s), sessionManager, interceptors: [serviceAuthClientInterceptor(serviceToken)] }));
    };
    let delivery = clientOf(DeliveryService, 'delivery-service');
    let webhooks = clientOf(WebhookService, 'delivery-service');
    let providers = clientOf(ProviderService, 'delivery-service');
    const deliveryDb = await connectMongo(own.mongoUrl, envOf('delivery-service').MONGO_DB, 'fault-test');
    cleanups.push(() => deliveryDb.close());

    return {
      recipients: clientOf(RecipientService, 'recipient-service'),
      preferences: clientOf(PreferenceService, 'preference-service'),
      mailApiUrl: own.mailApiUrl,
      async sink<T>(method: string, p: string, body?: unknown): Promise<T> {
        const res = await fetch(`${own.mailApiUrl}${p}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        if (!res.ok) throw new Error(`sink ${method} ${p} answered ${res.status}`);
        return (await res.json()) as T;
      },
      delivery: () => delivery,
      webhooks: () => webhooks,
      providers: () => providers,
      natsUrl: own.natsUrl,
      deliveryDb,
      kill: (s) => killChild(children[s]!),
      async startDeliveryReplica(env = {}) {
        const name = `delivery-service-${replicas.length + 2}`;
        const replicaEnv = { ...envOf('delivery-service'), PORT: String(await infra.freePort()), ...env };
        const child = spawn('delivery-service', name, replicaEnv);
        replicas.push(child);
        await listening(name, replicaEnv, child);
        return { kill: () => killChild(child) };
      },
      async exited(s) {
        const child = children[s]!;
        if (child.exitCode !== null || child.signalCode !== null) return;
        await new Promise((r) => child.once('exit', r));
      },
      async restart(s, env) {
        if (env) extra[s] = env;
        if (children[s]) await infra.stopChild(children[s]!);
        if (s === 'delivery-service') {
          // A fresh port: in a busy test run another process may have taken the old one meanwhile,
          // and waiting for "the port answers" would then talk to that process. Nothing else calls
          // the delivery service here, so only the test's client must follow.
          ports[s] = await infra.freePort();
        }
        await start(s);
        if (s === 'delivery-service') {
          delivery = clientOf(DeliveryService, s);
          webhooks = clientOf(WebhookService, s);
          providers = clientOf(ProviderService, s);
        }
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
