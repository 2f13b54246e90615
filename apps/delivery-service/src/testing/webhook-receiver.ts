import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from '@herald/service-kit';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * How the receiver answers one request: a status (and headers), after `delayMs` (a slow endpoint, as
 * the sender measures it in real time) or once `until` settles (a barrier the test releases), or never (`hang`).
 */
export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number; until?: Promise<unknown> } | { hang: true };

/**
 * A local HTTP endpoint for webhook tests: records every request (headers, raw body) and answers
 * as `reply` decides (default 204), per request, so a test can fail, hang, or recover on cue.
 */
export async function startReceiver(reply: (r: Received, index: number) => Reply = () => ({ status: 204 })) {
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const index = received.push(r) - 1;
      const answer = receiver.reply(r, index);
      if ('hang' in answer) {
        hanging.add(res);
        return;
      }
      const send = () => res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
      if (answer.delayMs || answer.until) {
        hanging.add(res);
        const later = () => {
          hanging.delete(res);
          if (!res.destroyed) send();
        };
        if (answer.until) void answer.until.then(later);
        else void sleep(answer.delayMs ?? 0).then(later);
      } else send();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    reply,
    /** Requests whose body is an event of this id (the webhook-id header). */
    byId: (id: string) => received.filter((r) => r.headers['webhook-id'] === id),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  return receiver;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
