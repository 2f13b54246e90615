import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

/** At most this much of a provider's answer is read; past it the request is cut off and fails. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface FetchedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Connections kept open between requests (one origin's requests reuse them): no handshake per push.
 * An idle one is closed after 4 s, before a server with Node's default keep-alive (5 s) closes it
 * under a request just written to it.
 */
const KEEP_ALIVE = { keepAlive: true, timeout: 4_000 };
const AGENTS = { 'http:': new http.Agent(KEEP_ALIVE), 'https:': new https.Agent(KEEP_ALIVE) };

/**
 * One POST with a deadline over the whole exchange and a capped answer; rejects when either is
 * passed. Node's own client on kept-alive connections: a push costs a fraction of what `fetch`
 * (its web streams, abort signal and header objects) costs per request.
 */
export function boundedPost(url: string, headers: Record<string, string>, body: string, deadlineMs: number): Promise<FetchedAnswer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent: AGENTS[target.protocol as 'http:' | 'https:'] });
    const fail = (err: Error) => {
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const timer = setTimeout(() => fail(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) fail(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', fail);
    });
    req.end(body);
  });
}
