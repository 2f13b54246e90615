import http from 'node:http';
import https from 'node:https';

/** At most this much of a provider's answer (a push service, a chat service) is read; past it the socket is dropped. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface BoundedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Why a request was given up: it took longer than its deadline, or its answer was larger than the cap. */
export class BoundedRequestError extends Error {
  constructor(
    readonly reason: 'deadline' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'BoundedRequestError';
  }
}

/**
 * One HTTPS request (or HTTP, to the local fakes) with an overall deadline (connecting, headers and
 * body together) and a capped answer: a provider that trickles its answer, or answers without end,
 * costs at most `deadlineMs` and MAX_RESPONSE_BYTES, then its socket is destroyed. `who` names the
 * provider in the errors (default: the push service).
 */
export function boundedRequest(
  url: string,
  req: { method: string; headers: Record<string, string | number>; body: Buffer | null; agent: http.Agent; deadlineMs: number; who?: string },
): Promise<BoundedResponse> {
  return new Promise((resolve, reject) => {
    const who = req.who ?? 'push service';
    const client = url.startsWith('http:') ? http : https;
    const request = client.request(url, { method: req.method, headers: req.headers, agent: req.agent });
    // The first error settles the promise; giving up drops the socket (never back to the pool).
    const fail = (err: Error) => {
      clearTimeout(deadline);
      reject(err);
    };
    const giveUp = (err: BoundedRequestError) => {
      fail(err);
      request.destroy();
    };
    const deadline = setTimeout(() => giveUp(new BoundedRequestError('deadline', `${who} did not answer within ${req.deadlineMs} ms (headers and body)`)), req.deadlineMs);
    request.on('error', fail);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          res.destroy();
          return giveUp(new BoundedRequestError('too_large', `${who} answered more than ${MAX_RESPONSE_BYTES / 1024} KiB`));
        }
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(deadline);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.end(req.body ?? undefined);
  });
}
