import type { TimelineStep } from '../api';

/** What one step says after its time and kind: medium, status, then what the step carries. */
function stepText(s: TimelineStep): string {
  const what = [s.medium, s.attempt && `#${s.attempt}`, s.status].filter(Boolean).join(' ');
  const extras = [
    s.provider && `via ${s.provider}`,
    s.attempts !== null && s.kind === 'outbound' ? `${s.attempts} attempt${s.attempts === 1 ? '' : 's'}` : null,
    s.digest_id !== null && `digest #${s.digest_id}`,
    s.message_id && `message id ${s.message_id}`,
    s.event_type && `${s.event_type} to ${s.webhook_url}`,
    s.kind === 'webhook' && (s.response_status === null ? 'no answer' : `answered ${s.response_status}`),
    s.latency_ms !== null && `${s.latency_ms} ms`,
    s.detail,
  ].filter(Boolean);
  return extras.length > 0 ? `${what} (${extras.join(', ')})` : what;
}

/** One line per step: time, kind, what happened. */
export const timelineLines = (steps: TimelineStep[]): string => steps.map((s) => `${s.at}  ${s.kind.padEnd(10)}  ${stepText(s)}\n`).join('');
