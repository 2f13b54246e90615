import { useEffect } from 'preact/hooks';
import { api, type Json } from './api';
import { targetText, timeText } from './outcome';
import { Alert } from './page-state';
import { useLoaded } from './use-api';

const POLL_EVERY_MS = 1000;
const FINISHED = new Set(['completed', 'canceled', 'failed']);

/** Whether a broadcast has finished (completed, canceled or failed): its counts change no more. */
export const isFinished = (b: Json) => FINISHED.has(b.status);

export const audienceText = (b: Json) =>
  b.audience?.list ? `the list ${b.audience.list}` : b.audience?.recipient_ids !== undefined ? `${b.audience.recipient_ids} named recipients` : 'every recipient';

/** A broadcast or list send: its progress bar, read again every second (GET /broadcasts/{id}) until it has finished. */
export function BroadcastView({ id }: { id: string }) {
  const { data: b, error, reload } = useLoaded<Json>(async () => (await api('GET', `/broadcasts/${encodeURIComponent(id)}`)).data, [id]);
  const finished = b && isFinished(b);
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => void reload(), POLL_EVERY_MS);
    return () => clearInterval(timer);
  }, [id, finished]);

  if (!b) return <main><h1>Broadcast #{id}</h1><Alert error={error} />{!error && <p>Loading…</p>}</main>;
  const total = Math.max(b.recipients_total, b.notifications_created);
  return (
    <main>
      <h1>Broadcast #{b.id}</h1>
      <Alert error={error} />
      <p>
        <label for="progress">{`${b.notifications_created} of ${b.recipients_total} notifications created · ${b.status}`}</label>
        <br />
        <progress id="progress" class="progress" value={b.notifications_created} max={total || 1} />
      </p>
      <dl class="fields">
        <dt>Audience</dt>
        <dd>{audienceText(b)}</dd>
        <dt>Target</dt>
        <dd>{targetText(b.target)}</dd>
        <dt>Email</dt>
        <dd>{b.email ? b.email.status : 'not requested'}</dd>
        <dt>Push</dt>
        <dd>{b.push ? b.push.status : 'not requested'}</dd>
        <dt>Created</dt>
        <dd>{timeText(b.created_at)}</dd>
      </dl>
    </main>
  );
}
