import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Json } from './api';
import { Link } from './link';
import { targetText } from './outcome';
import { recipientPath } from './router';
import { Timeline } from './timeline';
import { decisionSentences, mediumName } from './wording';

/** One notification: payload, each medium's outcome, the decision in words, and its timeline. */
export function NotificationView({ id }: { id: string }) {
  const [n, setN] = useState<Json | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api('GET', `/notifications/${encodeURIComponent(id)}`).then(
      (res) => setN(res.data),
      (err) => setError(err instanceof ApiError ? err.message : 'The gateway could not be reached'),
    );
  }, [id]);

  if (error) return <main><h1>Notification #{id}</h1><p role="alert" class="error">{error}</p></main>;
  if (!n) return <main><h1>Notification #{id}</h1><p>Loading…</p></main>;
  return (
    <main>
      <h1>Notification #{n.id}</h1>
      <dl class="fields">
        <dt>Recipient</dt>
        <dd>
          <Link href={recipientPath(n.recipient_id)}>{n.recipient_id}</Link>
        </dd>
        <dt>Status</dt>
        <dd>{n.status}</dd>
        <dt>Target</dt>
        <dd>{targetText(n.target)}</dd>
        <dt>Broadcast</dt>
        <dd>{n.broadcast_id ?? '—'}</dd>
        <dt>Read / opened</dt>
        <dd>{`${n.read ? 'read' : 'unread'}, ${n.opened ? 'opened' : 'not opened'}`}</dd>
      </dl>
      <h2>Decision</h2>
      <ul class="decision">
        {decisionSentences(n.decision).map((d) => (
          <li key={d.medium}>
            <strong>{mediumName(d.medium)}:</strong> {d.sentence}
          </li>
        ))}
      </ul>
      <h2>Timeline</h2>
      <Timeline id={id} />
      <h2>Payload</h2>
      <pre class="payload">{JSON.stringify(n.payload, null, 2)}</pre>
    </main>
  );
}
