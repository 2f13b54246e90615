import type { RecipientDeps } from './deps';
import type { RecipientChangedEvent } from './ports';

/**
 * Runs a write, then announces the change (RecipientChanged) before the caller is answered, so every
 * cache of the recipient forgets it first. Announced even when the write failed, which may have
 * been applied half-way; then a failed announcement does not hide the write's own error. When the
 * write succeeded and the announcement fails, the call fails: a retry repeats both (every write
 * here is safe to repeat).
 */
export async function announcingChange<T>(deps: Pick<RecipientDeps, 'events'>, change: RecipientChangedEvent, write: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (err) {
    await deps.events.recipientChanged(change).catch(() => undefined);
    throw err;
  }
  await deps.events.recipientChanged(change);
  return result;
}

export const profileChange = (projectId: number, recipientIds: string[]): RecipientChangedEvent => ({ projectId, recipientIds, profile: true, contacts: false });
export const contactsChange = (projectId: number, recipientId: string): RecipientChangedEvent => ({ projectId, recipientIds: [recipientId], profile: false, contacts: true });
