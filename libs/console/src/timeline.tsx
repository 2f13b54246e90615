import { useEffect, useState } from 'preact/hooks';
import { api, type Json } from './api';
import { timeText } from './outcome';
import { errorText } from './use-api';
import { mediumName } from './wording';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const joined = (parts: unknown[]) => parts.filter(Boolean).join(', ');
const withDetails = (text: string, details: string) => (details ? `${text} (${details})` : text);

/** One step of GET /notifications/{id}/timeline in words. */
export function stepText(s: Json): string {
  const medium = s.medium ? mediumName(s.medium) : '';
  switch (s.kind) {
    case 'accepted':
      return `Accepted (now ${s.status})`;
    case 'decided':
      return `${medium} decided by the ${String(s.status).replaceAll('_', ' ')}`;
    case 'outbound':
      return withDetails(`${medium} ${s.status}`, joined([s.provider && `via ${s.provider}`, s.attempts && plural(s.attempts, 'attempt'), s.digest_id && `digest #${s.digest_id}`, s.detail]));
    case 'attempt':
      return withDetails(`${medium} attempt ${s.attempt}: ${s.status}`, joined([s.provider && `via ${s.provider}`, s.message_id && `message id ${s.message_id}`, s.detail]));
    case 'escalation':
      return `${medium} escalation ${s.status === 'scheduled' ? 'due' : s.status}`;
    case 'digest':
      return withDetails(`Digest #${s.digest_id} ${s.status}`, s.detail ?? '');
    case 'webhook':
      return withDetails(`Webhook ${s.event_type} to ${s.webhook_url}: ${s.status}`, joined([s.response_status === null ? 'no answer' : `answered ${s.response_status}`, `${s.latency_ms} ms`, s.detail]));
    default:
      return `${s.kind} ${s.status}`;
  }
}

/** A notification's timeline, as the API answers it, in time order. */
export function Timeline({ id }: { id: string }) {
  const [steps, setSteps] = useState<Json[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api('GET', `/notifications/${encodeURIComponent(id)}/timeline`).then(
      (res) => setSteps(res.data.steps),
      (err) => setError(errorText(err)),
    );
  }, [id]);
  if (error) return <p role="alert" class="error">{error}</p>;
  if (!steps) return <p>Loading…</p>;
  return (
    <ol class="timeline">
      {steps.map((s, i) => (
        <li key={i} data-kind={s.kind}>
          <time dateTime={s.at}>{timeText(s.at)}</time> {stepText(s)}
        </li>
      ))}
    </ol>
  );
}
