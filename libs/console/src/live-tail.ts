import { useEffect, useRef, useState } from 'preact/hooks';
import { query, type Json } from './api';

/** The filters the activity stream takes; with any other (status, a time range) the tail polls. */
const STREAM_FILTERS = new Set(['recipient_id', 'channel', 'topic', 'event', 'medium', 'outcome']);
const POLL_EVERY_MS = 2000;
/** After the stream dropped, the tail polls and tries the stream again this often. */
const RECONNECT_MS = 10_000;

/** How the tail follows: the activity stream, polling the newest page, or not at all. */
export type TailMode = 'stream' | 'polling' | 'off';

export interface LiveTailOptions {
  on: boolean;
  filters: Record<string, string>;
  /** Reads the newest page again and merges it (polling, and once when the stream connects: what came before it). */
  refresh: () => Promise<void>;
  /** One notification from the stream, after an outcome. */
  merge: (notification: Json) => void;
}

/**
 * The activity's live tail: `GET /notifications/stream` (the session cookie goes with it), each
 * outcome merged as it comes. When the filters are ones the stream does not take, or the stream
 * drops (the gateway restarted, the session must be renewed), it polls the newest page every 2 s and
 * tries the stream again every 10 s.
 */
export function useLiveTail({ on, filters, refresh, merge }: LiveTailOptions): TailMode {
  const [mode, setMode] = useState<TailMode>('off');
  const latest = useRef({ refresh, merge });
  latest.current = { refresh, merge };

  useEffect(() => {
    if (!on) {
      setMode('off');
      return;
    }
    let source: EventSource | null = null;
    let poller: ReturnType<typeof setInterval> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const poll = () => {
      setMode('polling');
      poller ??= setInterval(() => void latest.current.refresh().catch(() => undefined), POLL_EVERY_MS);
    };
    const connect = () => {
      retry = null;
      if (!Object.keys(filters).every((name) => STREAM_FILTERS.has(name))) return poll();
      const opened = new EventSource(`/notifications/stream${query(filters)}`);
      source = opened;
      opened.onopen = () => {
        if (poller) clearInterval(poller);
        poller = null;
        // What came before the stream opened is read once; then the tail is the stream alone.
        void latest.current
          .refresh()
          .catch(() => undefined)
          .finally(() => source === opened && setMode('stream'));
      };
      opened.addEventListener('outcome', (e) => latest.current.merge(JSON.parse((e as MessageEvent<string>).data).notification));
      opened.onerror = () => {
        opened.close();
        source = null;
        poll();
        retry ??= setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      source?.close();
      source = null;
      if (poller) clearInterval(poller);
      if (retry) clearTimeout(retry);
    };
  }, [on, filters]);

  return mode;
}
