import { api, query, type Json } from './api';
import { Link } from './link';
import { Alert } from './page-state';
import { Pager } from './pager';
import { broadcastPath, listPath, navigate } from './router';
import { errorText } from './use-api';
import { useCursorPages } from './use-pages';

/** Lists shown per page. */
export const LISTS_PER_PAGE = 20;

/** The project's lists with their subscriber counts, a page at a time, and a send to one of them (its progress on the broadcast's page). */
export function Lists() {
  const { data, error, setError, page, next, previous } = useCursorPages(async (cursor) => {
    const res = await api('GET', `/lists${query({ limit: LISTS_PER_PAGE, cursor })}`);
    return { items: res.data.lists as Json[], next: res.data.next_cursor };
  });
  const lists = data?.items;

  const send = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    try {
      const res = await api('POST', '/notifications/send', {
        list: text('list'),
        target: { channel: text('channel'), topic: text('topic'), event: text('event') },
        payload: { title: text('title') },
      });
      navigate(broadcastPath(res.data.broadcast.id));
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <main>
      <h1>Lists</h1>
      <Alert error={error} />
      {lists && lists.length === 0 && <p>No lists.</p>}
      {lists && lists.length > 0 && (
        <>
          <table>
            <caption class="visually-hidden">Lists, in key order</caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Name</th>
                <th scope="col">Subscribers</th>
                <th scope="col">Self-service</th>
              </tr>
            </thead>
            <tbody>
              {lists.map((l) => (
                <tr key={l.key} data-key={l.key}>
                  <td>
                    <Link href={listPath(l.key)}>{l.key}</Link>
                  </td>
                  <td>{l.name}</td>
                  <td>{l.subscriber_count}</td>
                  <td>{l.self_service ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager label="Pages of lists" page={page} previous={previous} next={next} />
          <h2>Send to a list</h2>
          <form class="filters" aria-label="Send to a list" onSubmit={(e) => void send(e)}>
            <label>
              List{' '}
              <select name="list">
                {lists.map((l) => (
                  <option value={l.key}>{`${l.name} (${l.key})`}</option>
                ))}
              </select>
            </label>
            <label>
              Channel <input name="channel" required />
            </label>
            <label>
              Topic <input name="topic" required />
            </label>
            <label>
              Event <input name="event" required />
            </label>
            <label>
              Title <input name="title" required />
            </label>
            <button type="submit">Send to the list</button>
          </form>
        </>
      )}
    </main>
  );
}
