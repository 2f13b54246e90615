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
 * Every recipient id of a project in creation order, page by page, from after `after`.
 * Recipients created while the stream runs are included when they sort after the current page.
 */
export async function* streamRecipientIds(
  deps: Pick<RecipientDeps, 'recipients'>,
  input: { projectId: number; pageSize: number; after: string },
  signal?: AbortSignal,
): AsyncGenerator<RecipientIdPage> {
  const size = pageLimit(input.pageSize, { fallback: STREAM_PAGE_DEFAULT, max: STREAM_PAGE_MAX, property: 'page_size' });
  let after = decodeCursor(input.after, 'after');
  while (!signal?.aborted) {
    const page = await deps.recipients.idPage(input.projectId, after, size);
    if (page.length === 0) return;
    after = page[page.length - 1].seq;
    yield { ids: page.map((p) => p.id), cursor: encodeCursor(after) };
    if (page.length < size) return;
  }
}
