/** A small Server-Sent Events reader for tests: fetch's streaming body, parsed into events by eventsource-parser. */
import { createParser } from 'eventsource-parser';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- event data is read only by assertions
export type SseData = any;

export interface SseEvent {
  event: string;
  id: string | null;
  data: SseData;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The error body when the stream was refused (status ≠ 200). */
  body: SseData;
  events: SseEvent[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  /** Resolves with the first event (from the start of the stream) matching `pred`, or throws after `timeoutMs`. */
  next(pred: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    body: null,
    events,
    comments: 0,
    ended: Promise.resolve(),
    async next(pred, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(pred);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => [e.event, e.id]))}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => (waiters.delete(wake), resolve()), left);
          const wake = () => (clearTimeout(t), waiters.delete(wake), resolve());
          waiters.add(wake);
        });
      }
    },
    close: () => abort.abort(),
  };
  if (res.status !== 200 || !res.body) {
    const text = await res.text();
    stream.body = text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    return stream;
  }
  const parser = createParser({
    onComment: () => {
      stream.comments += 1;
    },
    onEvent: (message) => {
      events.push({ event: message.event ?? 'message', id: message.id ?? null, data: JSON.parse(message.data) });
      for (const w of [...waiters]) w();
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // aborted by close()
    }
    for (const w of [...waiters]) w();
  })();
  return stream;
}
