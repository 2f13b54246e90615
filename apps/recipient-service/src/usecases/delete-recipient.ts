import { recipientNotFound } from '../domain/errors';
import type { RecipientRecord } from '../store/recipient-repository';
import type { RecipientDeps } from './deps';

type Deps = Pick<RecipientDeps, 'recipients' | 'contacts' | 'devices' | 'events' | 'listMemberships' | 'clock'>;

/**
 * Erases a recipient everywhere. Steps, each safe to repeat: mark it `deleting` (reads answer not
 * found from here on), publish RecipientDeleted (same msgID on a retry, so consumers see it once),
 * delete its contacts, devices and list subscriptions, delete it. A retry of a delete that stopped half-way finishes the job.
 */
export function createDeleteRecipient(deps: Deps) {
  return async function deleteRecipient(input: { projectId: number; id: string }): Promise<void> {
    const recipient = await deps.recipients.markDeleting(input.projectId, input.id, deps.clock.date());
    if (!recipient) throw recipientNotFound();
    await finishDeletion(deps, input.projectId, recipient);
  };
}

/** The steps after the mark; also run by a create that finds the id still being erased. */
export async function finishDeletion(deps: Omit<Deps, 'clock'>, projectId: number, recipient: RecipientRecord): Promise<void> {
  await deps.events.recipientDeleted({
    projectId,
    recipientId: recipient.id,
    seq: recipient.seq,
    deletedAt: recipient.deletedAt ?? recipient.updatedAt,
  });
  await deps.contacts.removeAllOf(projectId, recipient.id);
  await deps.listMemberships.removeAllOf(projectId, recipient.id);
  await deps.devices.removeAllOf(projectId, recipient.id);
  await deps.recipients.remove(projectId, recipient.id, recipient.seq);
}
