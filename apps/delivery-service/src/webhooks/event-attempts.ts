import type { createDeliveryLogRepository } from './delivery-log-repository';
import type { createWebhookRepository } from './endpoint-repository';

/** One attempt to deliver an event to an endpoint, as a notification's timeline shows it. */
export interface EventAttempt {
  webhookId: number;
  url: string;
  eventType: string;
  at: Date;
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
}

/** The attempts to deliver these events of a project, as a function of (project, event ids). */
export type EventAttempts = (projectId: number, eventIds: string[]) => Promise<EventAttempt[]>;

/**
 * Reads the deliveries of a few events: the project's endpoints (one read by project), then their
 * deliveries of those events (one read on the (webhook_id, event_id) index, as the fan-out's
 * check for existing deliveries). Each delivery keeps its newest attempts.
 */
export function createEventAttempts(deps: {
  webhooks: Pick<ReturnType<typeof createWebhookRepository>, 'list'>;
  deliveries: Pick<ReturnType<typeof createDeliveryLogRepository>, 'ofEvents'>;
}): EventAttempts {
  return async (projectId, eventIds) => {
    const endpoints = await deps.webhooks.list(projectId);
    const urls = new Map(endpoints.map((e) => [e._id, e.url]));
    const deliveries = await deps.deliveries.ofEvents([...urls.keys()], eventIds);
    return deliveries.flatMap((d) =>
      d.attempt_log.map((a) => ({
        webhookId: d.webhook_id,
        url: urls.get(d.webhook_id) ?? '',
        eventType: d.event_type,
        at: a.at,
        responseStatus: a.response_status,
        latencyMs: a.latency_ms,
        error: a.error,
      })),
    );
  };
}
