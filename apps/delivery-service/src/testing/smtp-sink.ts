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

/** An SMTP sink of the test's own (tools/smtp-sink), so refusing mail affects no other test file. */
export interface SmtpSink {
  smtpUrl: string;
  messagesTo(address: string): Promise<SinkMessage[]>;
  /** Answers the next `n` mails with 451 (temporary failure). */
  /** Refuses the next n mails with `code` (default 451, temporary; 5xx is permanent). */
  rejectNext(n: number, code?: number): Promise<void>;
  /** Keeps each mail at once (it counts as received), but answers its DATA only `ms` later (a slow relay; 0: at once). */
  answerAfter(ms: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-sink-'));
  const smtpPort = await infra.freePort();
  const httpPort = await infra.freePort();
  const child = infra.spawnLogged('smtp-sink', process.execPath, [path.join(infra.root, 'tools', 'smtp-sink', 'sink.cjs')], {
    logDir,
    env: { SMTP_PORT: String(smtpPort), HTTP_PORT: String(httpPort) },
  });
  const api = `http://127.0.0.1:${httpPort}`;
  await infra.waitForPort(httpPort, 30_000, '127.0.0.1', child);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
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
