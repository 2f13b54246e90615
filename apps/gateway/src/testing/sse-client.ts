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
  /**
   * Resolves with the first event (from the start of the stream) matching `pred`; throws when the
   * stream ends without one. No time limit of its own: the test's timeout bounds the wait.
   */
  next(pred: (e: SseEvent) => boolean): Promise<SseEvent>;
  /** Resolves once `cond` holds, checked after every event and comment; throws when the stream ends first. */
  until(cond: () => boolean): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Whether the server ended the stream. */
  isEnded: () => boolean;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const w of [...waiters]) w();
  };
  let ended = res.status !== 200 || !res.body;
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    body: null,
    events,
    comments: 0,
    ended: Promise.resolve(),
    isEnded: () => ended,
    async until(cond) {
      while (!cond()) {
        if (ended) throw new Error(`the stream ended first; got ${JSON.stringify(events.map((e) => [e.event, e.id]))}`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), resolve());
          waiters.add(wake);
        });
      }
    },
    async next(pred) {
      let found: SseEvent | undefined;
      await stream.until(() => (found = events.find(pred)) !== undefined);
      return found!;
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
      wakeAll();
    },
    onEvent: (message) => {
      events.push({ event: message.event ?? 'message', id: message.id ?? null, data: JSON.parse(message.data) });
      wakeAll();
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
    ended = true;
    wakeAll();
  })();
  return stream;
}
