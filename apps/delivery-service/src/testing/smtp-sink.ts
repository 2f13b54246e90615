import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';

// Test infrastructure (tools/infra) is plain CommonJS outside the Nx projects, shared with npm start.
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const infra = require('../../../../tools/infra/index.cjs') as {
  root: string;
  freePort(): Promise<number>;
  spawnLogged(name: string, cmd: string, args: string[], opts: { logDir: string; env?: Record<string, string> }): ChildProcess;
  waitForPort(port: number, timeoutMs?: number, host?: string, child?: ChildProcess | null): Promise<void>;
  stopChild(child: ChildProcess): Promise<void>;
};

export interface SinkMessage {
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
}

/** An SMS the fake provider received (tools/smtp-sink/sms-fake.cjs). */
export interface SinkSms {
  sid: string;
  account: string;
  to: string;
  from: string;
  text: string;
  status: string;
  status_callback: string | null;
  callbacks: { status: string; answered: number | null }[];
  received_at: string;
}

/** A web push the fake push service received and decrypted (tools/smtp-sink/push-fake.cjs). */
export interface SinkPush {
  endpoint: string;
  payload: unknown;
  ttl: number;
  urgency: string;
  topic: string | null;
  received_at: string;
}

/** A chat message the chat fakes received (tools/smtp-sink/chat-fake.cjs): `to` a Slack channel or the webhook URL. */
export interface SinkChat {
  provider: 'slack' | 'teams' | 'discord';
  to: string;
  text: string | null;
  url: string | null;
  /** The request's Authorization header (null: none). */
  authorization: string | null;
  received_at: string;
  raw: Record<string, unknown>;
}

/** A browser's PushSubscription JSON, as the fake push service hands it out. */
export interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A sink of the test's own (tools/smtp-sink: SMTP, the fake SMS provider, the fake push service), so its controls affect no other test file. */
export interface SmtpSink {
  smtpUrl: string;
  /** The sink's HTTP API, also the fake SMS provider's base URL (SMS_URL). */
  apiUrl: string;
  /** The fake push service's certificate (PUSH_EXTRA_CA_FILE). */
  pushCaFile: string;
  messagesTo(address: string): Promise<SinkMessage[]>;
  /** Refuses the next n mails with `code` (default 451, temporary; 5xx is permanent). */
  rejectNext(n: number, code?: number): Promise<void>;
  /** Keeps each mail at once (it counts as received), but answers its DATA only `ms` later (a slow relay; 0: at once). */
  answerAfter(ms: number): Promise<void>;
  sms: {
    received(): Promise<SinkSms[]>;
    /** POST /sms/control (fail_next, status, account, undeliverable, deliverable). */
    control(body: Record<string, unknown>): Promise<void>;
    /** Requests the fake answered (every status), of one account or all. */
    requests(account?: string): Promise<number>;
  };
  chat: {
    received(): Promise<SinkChat[]>;
    /** POST /chat/control (fail_next, status, retry_after, to; slow; gone). */
    control(body: Record<string, unknown>): Promise<void>;
    /** Requests the fakes answered (every status), to one `to` or all. */
    requests(to?: string): Promise<number>;
  };
  push: {
    /** A new subscription (bound to a VAPID key when given, as a browser's is). */
    subscribe(applicationServerKey?: string): Promise<FakeSubscription>;
    received(): Promise<SinkPush[]>;
    /** POST /push/control (fail_next, status, expire). */
    control(body: Record<string, unknown>): Promise<void>;
  };
  stop(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-sink-'));
  const smtpPort = await infra.freePort();
  const httpPort = await infra.freePort();
  const pushCaFile = path.join(logDir, 'push-ca.pem');
  const child = infra.spawnLogged('smtp-sink', process.execPath, [path.join(infra.root, 'tools', 'smtp-sink', 'sink.cjs')], {
    logDir,
    env: { SMTP_PORT: String(smtpPort), HTTP_PORT: String(httpPort), PUSH_PORT: '0', PUSH_CA_FILE: pushCaFile },
  });
  const api = `http://127.0.0.1:${httpPort}`;
  await infra.waitForPort(httpPort, 30_000, '127.0.0.1', child);
  const call = async <T = unknown>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${api}${url}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`sink ${method} ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    apiUrl: api,
    pushCaFile,
    sms: {
      received: () => call<SinkSms[]>('GET', '/sms'),
      control: async (body) => void (await call('POST', '/sms/control', body)),
      requests: async (account) => {
        const r = await call<{ count: number; by_account: Record<string, number> }>('GET', '/sms/requests');
        return account ? (r.by_account[account] ?? 0) : r.count;
      },
    },
    chat: {
      received: () => call<SinkChat[]>('GET', '/chat'),
      control: async (body) => void (await call('POST', '/chat/control', body)),
      requests: async (to) => {
        const r = await call<{ count: number; by_to: Record<string, number> }>('GET', '/chat/requests');
        return to ? (r.by_to[to] ?? 0) : r.count;
      },
    },
    push: {
      subscribe: (key) => call<FakeSubscription>('POST', '/push/subscriptions', key ? { application_server_key: key } : {}),
      received: () => call<SinkPush[]>('GET', '/push'),
      control: async (body) => void (await call('POST', '/push/control', body)),
    },
    async messagesTo(address) {
      const all = (await (await fetch(`${api}/messages`)).json()) as SinkMessage[];
      return all.filter((m) => m.to.includes(address));
    },
    async rejectNext(n, code = 451) {
      const res = await fetch(`${api}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reject_next: n, code }) });
      if (!res.ok) throw new Error(`sink control answered ${res.status}`);
    },
    async answerAfter(ms) {
      const res = await fetch(`${api}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answer_after_ms: ms }) });
      if (!res.ok) throw new Error(`sink control answered ${res.status}`);
    },
    async stop() {
      await infra.stopChild(child);
      fs.rmSync(logDir, { recursive: true, force: true });
    },
  };
}
