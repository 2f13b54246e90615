import { deviceNotFound } from '../domain/errors';
import type { RecipientDeps } from './deps';
import { requireRecipient } from './require-recipient';

export function createDeleteDevice(deps: Pick<RecipientDeps, 'recipients' | 'devices'>) {
  return async function deleteDevice(input: { projectId: number; recipientId: string; deviceId: number }): Promise<void> {
    await requireRecipient(deps.recipients, input.projectId, input.recipientId);
    if (!(await deps.devices.remove(input.projectId, input.recipientId, input.deviceId))) throw deviceNotFound();
  };
}
