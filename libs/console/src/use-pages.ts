import { useState } from 'preact/hooks';
import type { Json } from './api';
import { useLoaded } from './use-api';

/** A page of a cursor-paged listing: its items and the cursor of the next page (null on the last). */
export interface CursorPage<T> {
  items: T[];
  next: string | null;
}

/**
 * Walks a cursor-paged listing: the first page, then each `next()`; `previous()` goes back along
 * the cursors already walked. A view of another listing is mounted anew (its own `key`).
 */
export function useCursorPages<T = Json>(load: (cursor: string | undefined) => Promise<CursorPage<T>>) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const walked = cursors.length;
  // The page number travels with its data: until the next page has loaded, the shown one keeps its number.
  const loaded = useLoaded(async () => ({ ...(await load(cursor)), page: walked }), [cursor]);
  const next = loaded.data?.next;
  return {
    ...loaded,
    page: loaded.data?.page ?? 1,
    next: next ? () => setCursors((c) => [...c, next]) : null,
    previous: cursors.length > 1 ? () => setCursors((c) => c.slice(0, -1)) : null,
  };
}
