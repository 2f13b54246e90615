import { recipientNotFound } from '../domain/errors';
import type { RecipientRecord, RecipientRepository } from '../store/recipient-repository';

/** The recipient every contact operation works under; unknown (or being erased): not found. */
export async function requireRecipient(recipients: RecipientRepository, projectId: number, id: string): Promise<RecipientRecord> {
  const recipient = await recipients.findActive(projectId, id);
  if (!recipient) throw recipientNotFound();
  return recipient;
}
