import { DomainError } from '@herald/service-kit';
import type { DeviceRecord } from '../store/device-repository';
import type { RecipientDeps } from './deps';

/** Most recipient ids one ListDevicesForRecipients call takes. */
export const DEVICES_FOR_RECIPIENTS_MAX_IDS = 1000;

/**
 * The devices of many recipients in one query (a send's gating reads a batch's devices at once):
 * by recipient, oldest registration first; an unknown recipient, or one without devices, has none.
 */
export function createListDevicesForRecipients(deps: Pick<RecipientDeps, 'devices'>) {
  return async function listDevicesForRecipients(input: { projectId: number; recipientIds: string[] }): Promise<DeviceRecord[]> {
    if (input.recipientIds.length > DEVICES_FOR_RECIPIENTS_MAX_IDS) {
      throw new DomainError('invalid', 'validation_failed', `At most ${DEVICES_FOR_RECIPIENTS_MAX_IDS} recipient ids per call`);
    }
    if (input.recipientIds.length === 0) return [];
    return deps.devices.listForRecipients(input.projectId, [...new Set(input.recipientIds)]);
  };
}
