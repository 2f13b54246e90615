/** A small Server-Sent Events reader for tests: fetch's streaming body, parsed into events. */

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
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  stream.ended = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const e: SseEvent = { event: 'message', id: null, data: null };
          let data: string | null = null;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) {
              stream.comments += 1;
              wakeAll();
              continue;
            }
            const i = line.indexOf(':');
            const name = i < 0 ? line : line.slice(0, i);
            const v = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
            if (name === 'event') e.event = v;
            else if (name === 'id') e.id = v;
            else if (name === 'data') data = data === null ? v : `${data}\n${v}`;
          }
          if (data === null) continue; // a comment, or a `retry:` line
          e.data = JSON.parse(data);
          events.push(e);
          wakeAll();
        }
      }
    } catch {
      // aborted by close()
    }
    ended = true;
    wakeAll();
  })();
  return stream;
}
