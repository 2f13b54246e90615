import { decodeCursor, encodeCursor, pageLimit } from '../domain/cursor';
import type { RecipientDeps } from './deps';

export const STREAM_PAGE_DEFAULT = 1000;
export const STREAM_PAGE_MAX = 10_000;

export interface RecipientIdPage {
  ids: string[];
  /** Cursor of the page's last id: resume after it. */
  cursor: string;
}

/**
 * Every recipient id of a project in creation order, page by page, from after `after`, read
 * through one store cursor: recipients created after the stream started may or may not be seen.
 */
export function createStreamRecipientIds(deps: Pick<RecipientDeps, 'recipients'>) {
  return async function* streamRecipientIds(input: { projectId: number; pageSize: number; after: string }, signal?: AbortSignal): AsyncGenerator<RecipientIdPage> {
    const size = pageLimit(input.pageSize, { fallback: STREAM_PAGE_DEFAULT, max: STREAM_PAGE_MAX, property: 'page_size' });
    const after = decodeCursor(input.after, 'after');
    for await (const page of deps.recipients.idPages(input.projectId, after, size)) {
      if (signal?.aborted) return;
      yield { ids: page.map((p) => p.id), cursor: encodeCursor(page[page.length - 1].seq) };
    }
  };
}
