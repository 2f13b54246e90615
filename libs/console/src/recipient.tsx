import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Json } from './api';
import { Link } from './link';
import { outcomesText, targetText, timeText } from './outcome';
import { RecipientLists, SendTest } from './recipient-actions';
import { notificationPath } from './router';
import { mediumName } from './wording';

interface RecipientData {
  recipient: Json;
  contacts: Json[];
  preferences: Json[];
  feed: Json[];
  lists: Json[];
}

async function loadRecipient(id: string): Promise<RecipientData> {
  const base = `/recipients/${encodeURIComponent(id)}`;
  const [recipient, contacts, preferences, feed, lists] = await Promise.all([
    api('GET', base),
    api('GET', `${base}/contacts`),
    api('GET', `${base}/preferences`),
    api('GET', `${base}/notifications?limit=20`),
    api('GET', `${base}/lists`),
  ]);
  return { recipient: recipient.data, contacts: contacts.data.contacts, preferences: preferences.data.preferences, feed: feed.data.notifications, lists: lists.data.lists };
}

/** A recipient: contacts, the resolved preference of every catalog entry and medium, their lists, their feed, and a test send. */
export function RecipientView({ id }: { id: string }) {
  const [data, setData] = useState<RecipientData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () => loadRecipient(id).then(setData, (err) => setError(err instanceof ApiError ? err.message : 'The gateway could not be reached'));
  useEffect(() => {
    void reload();
  }, [id]);

  /** Sets the recipient's own rule for one entry and medium (PATCH …/preferences), then reads the page again. */
  const toggle = async (p: Json) => {
    const { channel, topic, event, medium } = p.target;
    try {
      await api('PATCH', `/recipients/${encodeURIComponent(id)}/preferences`, { target: { channel, topic, event }, medium, state: { enabled: !p.state.enabled } });
      await reload();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The gateway could not be reached');
    }
  };

  if (error) return <main><h1>Recipient {id}</h1><p role="alert" class="error">{error}</p></main>;
  if (!data) return <main><h1>Recipient {id}</h1><p>Loading…</p></main>;
  return (
    <main>
      <h1>Recipient {data.recipient.id}</h1>
      <p>{data.recipient.name ?? 'No name'} · created {timeText(data.recipient.created_at)}</p>
      <h2>Contacts</h2>
      {data.contacts.length === 0 ? (
        <p>No contacts.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Medium</th>
              <th scope="col">Address</th>
              <th scope="col">Primary</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {data.contacts.map((c) => (
              <tr key={c.id}>
                <td>{mediumName(c.medium)}</td>
                <td>{c.address}</td>
                <td>{c.is_primary ? 'yes' : 'no'}</td>
                <td>{[c.verified_at ? 'verified' : 'not verified', c.confirmed ? 'confirmed' : 'unconfirmed', c.deliverable ? 'deliverable' : `undeliverable (${c.undeliverable_reason ?? 'refused'})`].join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Preferences</h2>
      {data.preferences.length === 0 ? (
        <p>No catalog entries.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Entry</th>
              <th scope="col">Target</th>
              <th scope="col">Medium</th>
              <th scope="col">Resolved</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {data.preferences.map((p) => (
              <tr>
                <td>{p.target.name ?? '—'}</td>
                <td>{targetText(p.target)}</td>
                <td>{mediumName(p.target.medium)}</td>
                <td>{`${p.state.enabled ? 'on' : 'off'}${p.state.mandatory ? ', mandatory' : p.state.inherited ? ', catalog default' : ', the recipient’s own rule'}`}</td>
                <td>
                  {!p.state.mandatory && (
                    <button type="button" aria-label={`Turn ${p.state.enabled ? 'off' : 'on'} ${mediumName(p.target.medium)} for ${targetText(p.target)}`} onClick={() => void toggle(p)}>
                      {p.state.enabled ? 'Turn off' : 'Turn on'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Lists</h2>
      <RecipientLists lists={data.lists} />
      <h2>Send a test notification</h2>
      <SendTest recipientId={data.recipient.id} targets={data.preferences.map((p) => p.target)} onSent={() => void reload()} />
      <h2>Feed</h2>
      {data.feed.length === 0 ? (
        <p>Nothing delivered in-app.</p>
      ) : (
        <ul>
          {data.feed.map((n) => (
            <li key={n.id}>
              <Link href={notificationPath(n.id)}>#{n.id}</Link> {timeText(n.created_at)} · {targetText(n.target)} · {n.read ? 'read' : 'unread'} · {outcomesText(n)}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
