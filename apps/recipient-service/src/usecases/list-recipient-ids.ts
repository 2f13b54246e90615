import { decodeCursor, encodeCursor, pageLimit } from '../domain/cursor';
import { SEQ_WINDOW_MAX } from '../store/recipient-repository';
import type { RecipientDeps } from './deps';

export const ID_PAGE_DEFAULT = 1000;
export const ID_PAGE_MAX = 1000;
/** At most this many seq windows per call: a call's work is bounded even where a project is sparse. */
export const ID_PAGE_MAX_WINDOWS = 16;

export interface RecipientIdsPage {
  ids: string[];
  seqs: number[];
  nextAfter: string;
  upperBound: string;
  done: boolean;
  /** Seqs left between the cursor and the bound: no more ids than that are still to list. */
  remainingAtMost: number;
}

/**
 * One page of a project's active recipient ids in creation order, in (after, upper bound]. The
 * creation order is the service-wide `recipient` sequence; a page reads consecutive seq windows
 * from the cursor (each one query that touches only the index entries of its seqs, see
 * `idsInSeqWindow`), each no wider than the room left in the page, until the page is at least half
 * full, the bound is reached or ID_PAGE_MAX_WINDOWS windows were read. So a page costs the same at
 * the end of a project as at its start, and a failed page is retried alone. An empty bound is
 * snapshotted here: the highest seq handed out so far.
 */
export function createListRecipientIds(deps: Pick<RecipientDeps, 'recipients' | 'sequences'>) {
  return async function listRecipientIds(input: { projectId: number; after: string; upperBound: string; pageSize: number }): Promise<RecipientIdsPage> {
    const size = pageLimit(input.pageSize, { fallback: ID_PAGE_DEFAULT, max: ID_PAGE_MAX, property: 'page_size' });
    let cursor = decodeCursor(input.after, 'after');
    const bound = input.upperBound === '' ? await deps.sequences.peek('recipient') : decodeCursor(input.upperBound, 'upper_bound');
    const found: { id: string; seq: number }[] = [];
    for (let windows = 0; cursor < bound && found.length < size && windows < ID_PAGE_MAX_WINDOWS; windows++) {
      const to = Math.min(bound, cursor + Math.min(SEQ_WINDOW_MAX, size - found.length));
      found.push(...(await deps.recipients.idsInSeqWindow(input.projectId, cursor, to)));
      cursor = to;
      if (found.length * 2 >= size) break;
    }
    return {
      ids: found.map((f) => f.id),
      seqs: found.map((f) => f.seq),
      nextAfter: encodeCursor(cursor),
      upperBound: encodeCursor(bound),
      done: cursor >= bound,
      remainingAtMost: Math.max(0, bound - cursor),
    };
  };
}
