import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../shared/schemas';

export const TIMELINE_KINDS = ['accepted', 'decided', 'outbound', 'attempt', 'escalation', 'digest', 'webhook'] as const;

/** One step of a notification's timeline; the fields a kind does not have are null. */
export const TimelineStep = Type.Object(
  {
    at: Timestamp,
    kind: Type.Union(
      TIMELINE_KINDS.map((k) => Type.Literal(k)),
      { description: 'accepted; decided (per medium); outbound (a medium\'s send); attempt (one attempt of an outbound medium\'s send, with the provider\'s answer); escalation (a delayed email\'s timer); digest (the digest its email joined); webhook (one delivery attempt of one of its events)' },
    ),
    medium: Nullable(Type.String({ description: 'in_app or an outbound medium (null for accepted and webhook steps)' })),
    status: Type.String({
      description:
        'accepted: the notification\'s status now; decided: the cascade step that decided; outbound: the outcome (sent, delivered, skipped, failed, pending…); attempt: sent (the provider took it), retried (tried again later) or failed; escalation: scheduled, fired or canceled; digest: open, sent, skipped or failed; webhook: succeeded or failed',
    }),
    provider: Nullable(Type.String({ description: 'The provider that sent it (outbound, a sent attempt)' })),
    detail: Nullable(Type.String({ description: 'A skip\'s reason, an error (outbound, webhook), the provider\'s answer to an attempt (at most 500 characters), or why a digest ended so' })),
    attempts: Nullable(Type.Integer({ minimum: 0, description: 'Attempts made (outbound)' })),
    digest_id: Nullable(Type.Integer({ description: 'The digest (digest, and an outbound email collected into one)' })),
    webhook_id: Nullable(Type.Integer()),
    webhook_url: Nullable(Type.String()),
    event_type: Nullable(Type.String({ description: 'The event delivered (webhook)', examples: ['notification.delivered'] })),
    response_status: Nullable(Type.Integer({ description: 'The endpoint\'s HTTP status (null: no answer)' })),
    latency_ms: Nullable(Type.Integer({ minimum: 0 })),
    attempt: Nullable(Type.Integer({ minimum: 1, description: 'The attempt\'s number, 1 for the first (attempt)' })),
    message_id: Nullable(Type.String({ description: 'The provider\'s message id for the message it took (a sent attempt)' })),
  },
  { title: 'TimelineStep', additionalProperties: false },
);

export const Timeline = Type.Object({ steps: Type.Array(TimelineStep) }, { title: 'Timeline', additionalProperties: false });
