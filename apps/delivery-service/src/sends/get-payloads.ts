import type { DeliveryDeps } from '../delivery-deps';

/**
 * The payloads of a project's notifications (immutable once sent), for readers of the slim outcome
 * events (issue 18) that show a notification: one indexed read for the batch (broadcast payloads
 * from their cache). Unknown ids are left out.
 */
export function createGetPayloads(deps: Pick<DeliveryDeps, 'notifications'>) {
  return (projectId: number, ids: number[]): Promise<Map<number, string | null>> => deps.notifications.payloadsOf(projectId, ids.slice(0, 1000));
}
