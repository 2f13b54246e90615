import { useState } from 'preact/hooks';
import { api, type Json } from './api';
import { Link } from './link';
import { targetText } from './outcome';
import { Alert } from './page-state';
import { listPath, notificationPath } from './router';
import { errorText } from './use-api';

const TEST_EMAIL_HTML = '<p>This is a test notification sent from the Herald console.</p>';

/** The lists a recipient is subscribed to. */
export function RecipientLists({ lists }: { lists: Json[] }) {
  if (lists.length === 0) return <p>On no list.</p>;
  return (
    <ul>
      {lists.map((l) => (
        <li key={l.key}>
          <Link href={listPath(l.key)}>{`${l.name} (${l.key})`}</Link>
        </li>
      ))}
    </ul>
  );
}

/** "Send a test notification": a send to this recipient for one of the catalog's targets, in-app and optionally by email; links to the notification. */
export function SendTest({ recipientId, targets, onSent }: { recipientId: string; targets: Json[]; onSent: () => void }) {
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const distinct = [...new Map(targets.map((t) => [targetText(t), t])).values()];

  const send = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const target = distinct.find((t) => targetText(t) === form.get('target'));
    const title = String(form.get('title') ?? '').trim();
    try {
      const res = await api('POST', '/notifications/send', {
        recipient_id: recipientId,
        target: target && { channel: target.channel, topic: target.topic, event: target.event },
        payload: { title, test: true },
        ...(form.get('email') ? { email: { subject: title, html: TEST_EMAIL_HTML } } : {}),
      });
      setError(null);
      setSent(res.data.notification.id);
      onSent();
    } catch (err) {
      setError(errorText(err));
    }
  };

  if (distinct.length === 0) return <p>No catalog entry to send a test for.</p>;
  return (
    <form class="filters" aria-label="Send a test notification" onSubmit={(e) => void send(e)}>
      <label>
        Target{' '}
        <select name="target">
          {distinct.map((t) => (
            <option value={targetText(t)}>{targetText(t)}</option>
          ))}
        </select>
      </label>
      <label>
        Title <input name="title" required value="Test notification" />
      </label>
      <label class="live">
        <input type="checkbox" name="email" /> Also by email
      </label>
      <button type="submit">Send a test notification</button>
      <Alert error={error} />
      {sent !== null && (
        <p role="status">
          Sent: <Link href={notificationPath(sent)}>{`#${sent}`}</Link>
        </p>
      )}
    </form>
  );
}
