import { decodeCursor, encodeCursor, pageLimit } from '../domain/cursor';
import type { RecipientRecord } from '../store/recipient-repository';
import type { RecipientDeps } from './deps';

export interface RecipientPage {
  recipients: RecipientRecord[];
  /** Empty when this is the last page. */
  nextCursor: string;
}

/** A project's recipients in creation order, `limit` at a time after an opaque cursor. */
export function createListRecipients(deps: Pick<RecipientDeps, 'recipients'>) {
  return async function listRecipients(input: { projectId: number; limit: number; cursor: string }): Promise<RecipientPage> {
    const limit = pageLimit(input.limit);
    const after = decodeCursor(input.cursor);
    const found = await deps.recipients.page(input.projectId, after, limit + 1);
    const recipients = found.slice(0, limit);
    const nextCursor = found.length > limit ? encodeCursor(recipients[recipients.length - 1].seq) : '';
    return { recipients, nextCursor };
  };
}
