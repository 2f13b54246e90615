import type { NotificationRepository } from '../kernel/store/notification-repository';


/** The ports this use case works with. */
export interface GetPayloadsDeps {
  notifications: NotificationRepository;
}

/**
 * The payloads of a project's notifications (immutable once sent), for readers of the slim outcome
 * events that show a notification: one indexed read for the batch (broadcast payloads
 * from their cache). Unknown ids are left out.
 */
export function createGetPayloads(deps: GetPayloadsDeps) {
  return (projectId: number, ids: number[]): Promise<Map<number, string | null>> => deps.notifications.payloadsOf(projectId, ids.slice(0, 1000));
}
