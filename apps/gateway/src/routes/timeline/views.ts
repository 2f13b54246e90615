import type { GetTimelineResponse, TimelineStep } from '@herald/contracts';
import { formatProtoTimestamp } from '../shared/timestamps';
import type { TIMELINE_KINDS } from './schemas';

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
const numberOrNull = (v: bigint | undefined): number | null => (v === undefined ? null : Number(v));

function stepView(s: TimelineStep) {
  return {
    at: formatProtoTimestamp(s.at) ?? '',
    kind: s.kind as (typeof TIMELINE_KINDS)[number],
    medium: s.medium === '' ? null : s.medium,
    status: s.status,
    provider: orNull(s.provider),
    detail: orNull(s.detail),
    attempts: orNull(s.attempts),
    digest_id: numberOrNull(s.digestId),
    webhook_id: numberOrNull(s.webhookId),
    webhook_url: orNull(s.webhookUrl),
    event_type: orNull(s.eventType),
    response_status: orNull(s.responseStatus),
    latency_ms: orNull(s.latencyMs),
    attempt: orNull(s.attempt),
    message_id: orNull(s.messageId),
  };
}

/** The answer of GET /notifications/{id}/timeline. */
export const timelineView = (res: GetTimelineResponse) => ({ steps: res.steps.map(stepView) });
