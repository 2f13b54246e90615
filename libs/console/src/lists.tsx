import { api, type Json } from './api';
import { Alert } from './page-state';
import { broadcastPath, navigate } from './router';
import { errorText, useLoaded } from './use-api';

const LISTS_SHOWN = 100;

/** The project's lists with their subscriber counts, and a send to one of them (its progress on the broadcast's page). */
export function Lists() {
  const { data, error, setError } = useLoaded<Json[]>(async () => (await api('GET', `/lists?limit=${LISTS_SHOWN}`)).data.lists, []);

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
      {data && data.length === 0 && <p>No lists.</p>}
      {data && data.length > 0 && (
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
              {data.map((l) => (
                <tr key={l.key} data-key={l.key}>
                  <td>{l.key}</td>
                  <td>{l.name}</td>
                  <td>{l.subscriber_count}</td>
                  <td>{l.self_service ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Send to a list</h2>
          <form class="filters" aria-label="Send to a list" onSubmit={(e) => void send(e)}>
            <label>
              List{' '}
              <select name="list">
                {data.map((l) => (
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
