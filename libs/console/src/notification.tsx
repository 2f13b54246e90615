import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, type Json } from './api';
import { Link } from './link';
import { OUTBOUND, targetText, timeText } from './outcome';
import { recipientPath } from './router';
import { decisionSentences, mediumName } from './wording';

/** What the API tells of a notification's life, in order: accepted, each medium's attempt. */
function timeline(n: Json): { at: string; what: string }[] {
  const steps = [{ at: n.created_at, what: `Accepted and decided: ${n.status}` }];
  if (n.send_at) steps.push({ at: n.send_at, what: 'Due (scheduled send)' });
  for (const o of OUTBOUND) {
    const out = n[o.field];
    if (!out || out.status === 'not_requested') continue;
    const by = [out.provider && `via ${out.provider}`, out.attempts ? `${out.attempts} attempt${out.attempts === 1 ? '' : 's'}` : null, out.error && `error: ${out.error}`, out.reason && `reason: ${out.reason}`].filter(Boolean).join(', ');
    steps.push({ at: out.sent_at ?? n.updated_at, what: `${o.name} ${out.status}${out.address ? ` to ${out.address}` : ''}${by ? ` (${by})` : ''}` });
  }
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

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
      <ol class="timeline">
        {timeline(n).map((s) => (
          <li>
            <time dateTime={s.at}>{timeText(s.at)}</time> {s.what}
          </li>
        ))}
      </ol>
      <h2>Payload</h2>
      <pre class="payload">{JSON.stringify(n.payload, null, 2)}</pre>
    </main>
  );
}
