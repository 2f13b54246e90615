import { useEffect } from 'preact/hooks';
import { api, query, type Json } from './api';
import { audienceText, isFinished } from './broadcast';
import { Link } from './link';
import { targetText, timeText } from './outcome';
import { Alert } from './page-state';
import { Pager } from './pager';
import { broadcastPath, navigate } from './router';
import { useCursorPages } from './use-pages';

/** Broadcasts shown per page. */
export const BROADCASTS_PER_PAGE = 20;
const POLL_EVERY_MS = 2000;

/** One row's progress: a bar and "created of total", like the broadcast's own page. */
function Progress({ b }: { b: Json }) {
  const label = `${b.notifications_created} of ${b.recipients_total}`;
  return (
    <>
      <progress class="progress" value={b.notifications_created} max={Math.max(b.recipients_total, b.notifications_created) || 1} aria-label={`Broadcast #${b.id}: ${label} notifications created`} /> {label}
    </>
  );
}

/** A broadcast opened by its id (a send to many answers one). */
function OpenById() {
  return (
    <form
      class="filters"
      aria-label="Open a broadcast"
      onSubmit={(e) => {
        e.preventDefault();
        const id = String(new FormData(e.currentTarget as HTMLFormElement).get('id') ?? '').trim();
        if (id) navigate(broadcastPath(id));
      }}
    >
      <label>
        Broadcast id <input name="id" inputMode="numeric" required />
      </label>
      <button type="submit">Open</button>
    </form>
  );
}

/**
 * The history of broadcasts and list sends, newest first, a page at a time (GET /broadcasts); the
 * page is read again every 2 seconds while one of its broadcasts still runs, so their bars move.
 */
export function Broadcasts() {
  const { data, error, reload, page, next, previous } = useCursorPages(async (cursor) => {
    const res = await api('GET', `/broadcasts${query({ limit: BROADCASTS_PER_PAGE, cursor })}`);
    return { items: res.data.broadcasts as Json[], next: res.data.next_cursor };
  });
  const items = data?.items;
  const running = items?.some((b) => !isFinished(b)) ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), POLL_EVERY_MS);
    return () => clearInterval(timer);
  }, [running, page]);

  return (
    <main>
      <h1>Broadcasts</h1>
      <p class="hint">Sends to every recipient, to recipient ids or to a list, newest first. A list send can be started from the Lists page.</p>
      <OpenById />
      <Alert error={error} />
      {items && items.length === 0 && <p>No broadcasts yet.</p>}
      {items && items.length > 0 && (
        <>
          <table>
            <caption class="visually-hidden">Broadcasts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Broadcast</th>
                <th scope="col">Created</th>
                <th scope="col">Audience</th>
                <th scope="col">Target</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.id} data-id={b.id}>
                  <td>
                    <Link href={broadcastPath(b.id)}>{`#${b.id}`}</Link>
                  </td>
                  <td>{timeText(b.created_at)}</td>
                  <td>{audienceText(b)}</td>
                  <td>{targetText(b.target)}</td>
                  <td>{b.status}</td>
                  <td>
                    <Progress b={b} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager label="Pages of broadcasts" page={page} previous={previous} next={next} />
        </>
      )}
    </main>
  );
}
