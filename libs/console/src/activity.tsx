import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, query, type Json } from './api';
import { Link } from './link';
import { useLiveTail, type TailMode } from './live-tail';
import { outcomesText, targetText, timeText } from './outcome';
import { notificationPath, recipientPath } from './router';

const STATUSES = ['', 'delivered', 'suppressed', 'quota_exceeded', 'failed', 'not_requested', 'scheduled', 'canceled', 'throttled'];
const OUTCOMES = ['', 'email:sent', 'email:skipped', 'email:failed', 'sms:sent', 'sms:delivered', 'sms:skipped', 'sms:failed', 'web_push:sent', 'web_push:skipped', 'web_push:failed'];
const FIELDS = ['recipient_id', 'channel', 'topic', 'event', 'since', 'until'] as const;
const TAIL_TEXT: Record<TailMode, string> = { stream: 'streaming', polling: 'polling every 2 s', off: 'paused' };

type Filters = Record<string, string>;

function filtersOf(form: HTMLFormElement): Filters {
  const data = new FormData(form);
  const f: Filters = {};
  for (const name of [...FIELDS, 'status']) {
    const v = String(data.get(name) ?? '').trim();
    if (v) f[name] = name === 'since' || name === 'until' ? new Date(v).toISOString() : v;
  }
  const outcome = String(data.get('outcome') ?? '');
  if (outcome) [f.medium, f.outcome] = outcome.split(':');
  return f;
}

/** Puts notifications on top of the rows (new ones) or in place of theirs (changed ones). */
function merged(rows: Json[], fresh: Json[]): Json[] {
  const byId = new Map(fresh.map((n) => [n.id, n]));
  const kept = rows.map((n) => byId.get(n.id) ?? n);
  const known = new Set(kept.map((n) => n.id));
  return [...fresh.filter((n) => !known.has(n.id)), ...kept];
}

/** Every notification of the project, newest first: filters, older pages, and a live tail (the activity stream, or polling). */
export function Activity() {
  const [filters, setFilters] = useState<Filters>({});
  const [rows, setRows] = useState<Json[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(true);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const load = async (f: Filters, after?: string) => {
    try {
      const res = await api('GET', `/notifications${query({ ...f, limit: 25, cursor: after })}`);
      setError(null);
      setRows(after ? [...rowsRef.current, ...res.data.notifications] : res.data.notifications);
      setCursor(res.data.next_cursor);
    } catch (err) {
      setError(err instanceof ApiError ? `${err.message} (${err.code})` : 'The gateway could not be reached');
      if (!after) setRows([]);
    }
  };

  useEffect(() => {
    void load(filters);
  }, [filters]);

  const tail = useLiveTail({
    on: live,
    filters,
    refresh: async () => {
      const res = await api('GET', `/notifications${query({ ...filters, limit: 25 })}`);
      setRows(merged(rowsRef.current, res.data.notifications));
    },
    merge: (n) => setRows(merged(rowsRef.current, [n])),
  });

  return (
    <main>
      <h1>Activity</h1>
      <form
        class="filters"
        aria-label="Filters"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(filtersOf(e.currentTarget as HTMLFormElement));
        }}
      >
        <label>
          Recipient <input name="recipient_id" />
        </label>
        <label>
          Status{' '}
          <select name="status">
            {STATUSES.map((s) => (
              <option value={s}>{s || 'any'}</option>
            ))}
          </select>
        </label>
        <label>
          Medium outcome{' '}
          <select name="outcome">
            {OUTCOMES.map((o) => (
              <option value={o}>{o ? o.replace(':', ' ') : 'any'}</option>
            ))}
          </select>
        </label>
        <label>
          Channel <input name="channel" />
        </label>
        <label>
          Topic <input name="topic" />
        </label>
        <label>
          Event <input name="event" />
        </label>
        <label>
          Since <input name="since" type="datetime-local" />
        </label>
        <label>
          Until <input name="until" type="datetime-local" />
        </label>
        <button type="submit">Apply filters</button>
        <label class="live">
          <input type="checkbox" checked={live} onChange={(e) => setLive((e.currentTarget as HTMLInputElement).checked)} /> Live tail
        </label>
        <output class="tail" data-tail={tail} aria-live="polite">
          Live: {TAIL_TEXT[tail]}
        </output>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <table>
        <caption class="visually-hidden">Notifications, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Id</th>
            <th scope="col">Recipient</th>
            <th scope="col">Status</th>
            <th scope="col">Target</th>
            <th scope="col">Outbound</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((n) => (
            <tr key={n.id} data-id={n.id}>
              <td>{timeText(n.created_at)}</td>
              <td>
                <Link href={notificationPath(n.id)}>#{n.id}</Link>
              </td>
              <td>
                <Link href={recipientPath(n.recipient_id)}>{n.recipient_id}</Link>
              </td>
              <td>{n.status}</td>
              <td>{targetText(n.target)}</td>
              <td>{outcomesText(n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && !error && <p>{cursor ? 'None among the notifications read so far: Older reads on.' : 'No notifications match.'}</p>}
      {cursor && (
        <button type="button" onClick={() => void load(filters, cursor)}>
          Older
        </button>
      )}
    </main>
  );
}
