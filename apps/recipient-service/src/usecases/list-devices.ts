import type { DeviceRecord } from '../store/device-repository';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

/** A recipient's devices, least recently registered first. */
export function createListDevices(deps: Pick<RecipientDeps, 'recipients' | 'devices'>) {
  return async function listDevices(input: { projectId: number; recipientId: string }): Promise<DeviceRecord[]> {
    await requireRecipient(deps.recipients, input.projectId, input.recipientId);
    return deps.devices.list(input.projectId, input.recipientId);
  };
}
