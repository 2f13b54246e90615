import type { ServerResponse } from 'node:http';

/** Server-Sent Events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html). */

/** One event: `event:`, `id:` and one `data:` line of JSON (JSON never holds a raw newline). */
export function sseEvent(event: string, id: number, data: unknown): string {
  return `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by clients, keeps idle connections open through proxies and load balancers. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';

/** Tells EventSource how long to wait before reconnecting (ms). */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

/** A `Last-Event-ID` value: a non-negative integer (a stream sequence); anything else is no position. */
export function parseLastEventId(raw: string | string[] | undefined): number | null {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || !/^\d{1,15}$/.test(v.trim())) return null;
  return Number(v.trim());
}

/** Resolves when a response's socket can take more (`drain`), or is gone (`close`). */
export function drained(raw: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
  });
}
