import { createParser } from 'eventsource-parser';
import type { components } from './gen/api.js';
import { errorFromResponse, HeraldError, HeraldNetworkError } from './errors.js';
import { fillPath, type RequestOptions, type Transport } from './http.js';
import { backoff, sleep } from './timing.js';

type Notification = components['schemas']['Notification'];

/** One Server-Sent Event as parsed from the stream. */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SubscribeHandlers {
  /** A notification newly delivered to the feed (the same object as the feed's). */
  notification?: (notification: Notification, unreadCount: number | null) => void;
  /** A notification's read/opened/seen flags changed, or it was archived or unarchived (also once per notification on a mark-all). */
  updated?: (notification: Notification, unreadCount: number | null) => void;
  /** The recipient's unread count, and its unseen count (null from a gateway that does not send it): on connect and after every change. */
  unreadCount?: (count: number, unseenCount?: number | null) => void;
  /** More was missed than the server replays: refetch the feed. */
  reset?: () => void;
  /** Connection state changes (show "reconnecting…" on `reconnecting`). */
  state?: (state: StreamState) => void;
  /** A failure; the subscription keeps retrying unless the state becomes `closed`. */
  error?: (error: HeraldError) => void;
  /** Every event, parsed, including ones this client does not know. */
  event?: (event: StreamEvent) => void;
}

export interface SubscribeOptions {
  /** Resume after this event id (a previous subscription's `lastEventId`). */
  lastEventId?: string;
  /** First reconnect delay (default 500 ms); doubles up to `maxDelayMs` (default 15 s), with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Reconnect when nothing (not even a heartbeat) arrived for this long (default 45 s). */
  idleTimeoutMs?: number;
}

export interface Subscription {
  close(): void;
  /** The id of the last event received (sent as Last-Event-ID on reconnect). */
  readonly lastEventId: string | null;
  readonly state: StreamState;
}

/**
 * Incremental SSE parser (the WHATWG event-stream format, parsed by eventsource-parser): feed it
 * text chunks, it calls `emit` for each complete event. An event's `id` is the stream's last event
 * id (it carries over to events without an `id:` field, as in EventSource). Comment lines
 * (heartbeats) only count as activity.
 */
export function createSseParser(emit: (event: StreamEvent) => void) {
  let id: string | null = null;
  let retry: number | null = null;
  const parser = createParser({
    onId: (value) => {
      id = value;
    },
    onEvent: (message) => emit({ id, event: message.event ?? 'message', data: message.data }),
    onRetry: (ms) => {
      retry = ms;
    },
  });
  return {
    push(chunk: string) {
      parser.feed(chunk);
    },
    get lastEventId() {
      return id;
    },
    get retry() {
      return retry;
    },
  };
}

function parseJson(data: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(data);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Routes a known event to its handler. A notification event's data is the notification, or `{notification, unread_count}`. */
function dispatch(ev: StreamEvent, handlers: SubscribeHandlers): void {
  handlers.event?.(ev);
  const body = parseJson(ev.data);
  if (!body) return;
  const count = typeof body.unread_count === 'number' ? body.unread_count : null;
  const notification = (body.notification && typeof body.notification === 'object' ? body.notification : body) as Notification;
  switch (ev.event) {
    case 'notification':
      handlers.notification?.(notification, count);
      break;
    case 'notification.updated':
      handlers.updated?.(notification, count);
      break;
    case 'reset':
      handlers.reset?.();
      break;
  }
  if (count !== null) handlers.unreadCount?.(count, typeof body.unseen_count === 'number' ? body.unseen_count : null);
}

/** See HeraldClient.subscribe. */
export function subscribe(transport: Transport, recipientId: string, handlers: SubscribeHandlers, options: SubscribeOptions = {}): Subscription {
  const path = fillPath('/recipients/{recipient_id}/notifications/stream', { recipient_id: recipientId });
  return follow(transport, { path }, (ev) => dispatch(ev, handlers), handlers, options);
}

/** What every stream reports: its connection state and its failures. */
export type StreamHandlers = Pick<SubscribeHandlers, 'state' | 'error'>;

/**
 * Follows one event stream of the gateway (`path` and its `query`): connects, hands each event to
 * `onEvent`, and reconnects with backoff (sending the last event id) until closed or refused.
 */
export function follow(transport: Transport, at: { path: string; query?: RequestOptions['query'] }, onEvent: (event: StreamEvent) => void, handlers: StreamHandlers, options: SubscribeOptions = {}): Subscription {
  const minDelay = options.minDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 15_000;
  const idleTimeout = options.idleTimeoutMs ?? 45_000;
  let lastEventId = options.lastEventId ?? null;
  let state: StreamState = 'connecting';
  let closed = false;
  let current: AbortController | null = null;
  let wake: (() => void) | null = null;

  const setState = (s: StreamState) => {
    if (state === s) return;
    state = s;
    handlers.state?.(s);
  };

  const connectOnce = async (): Promise<'again' | 'stop'> => {
    const ctl = new AbortController();
    current = ctl;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => ctl.abort(new Error('stream idle')), idleTimeout);
    };
    try {
      touch();
      const res = await transport.fetch(transport.url(at.path, at.query), {
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${await transport.credential()}`,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal: ctl.signal,
      });
      if (!res.ok || !res.body) {
        const err = errorFromResponse(res.status, res.headers, await res.text().catch(() => ''));
        handlers.error?.(err);
        // 401: a refreshed token may help next time; 403/404: this subscription can never work.
        return res.status === 403 || res.status === 404 || res.status === 400 ? 'stop' : 'again';
      }
      setState('open');
      const parser = createSseParser((ev) => {
        if (ev.id !== null) lastEventId = ev.id;
        onEvent(ev);
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        touch();
        parser.push(value);
      }
      return 'again';
    } catch (err) {
      if (!closed) handlers.error?.(err instanceof HeraldError ? err : new HeraldNetworkError({ status: 0, code: 'network_error', message: (err as Error)?.message ?? String(err), family: 'message', body: err }));
      return 'again';
    } finally {
      clearTimeout(idle);
      current = null;
    }
  };

  void (async () => {
    handlers.state?.('connecting');
    let failures = 0;
    while (!closed) {
      const opened = Date.now();
      const outcome = await connectOnce();
      if (closed) break;
      if (outcome === 'stop') {
        closed = true;
        break;
      }
      // A stream that stayed open a while resets the backoff (a server restart is one blip).
      failures = Date.now() - opened > 10_000 ? 1 : failures + 1;
      setState('reconnecting');
      const pause = new AbortController();
      wake = () => pause.abort();
      // Woken early (closed): the rejection only ends the pause.
      await sleep(backoff(failures, minDelay, maxDelay), pause.signal).catch(() => undefined);
      wake = null;
    }
    setState('closed');
  })();

  return {
    close() {
      closed = true;
      current?.abort(new Error('closed'));
      (wake as (() => void) | null)?.();
    },
    get lastEventId() {
      return lastEventId;
    },
    get state() {
      return state;
    },
  };
}
