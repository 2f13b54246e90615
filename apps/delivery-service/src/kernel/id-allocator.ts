import type { Sequences } from '@herald/service-kit';

/**
 * Notification, broadcast and webhook ids from `createSequences`, whose batcher already gives
 * concurrent requests one block between them (one claim per batch): ids still increase with
 * creation time and a burst of sends costs a few counter writes instead of one each.
 */
export function createIdAllocator(sequences: Sequences, name: string) {
  return {
    next: (): Promise<number> => sequences.next(name, 1),
    /** A block of `count` consecutive ids (a broadcast chunk); returns the first. */
    block: (count: number): Promise<number> => sequences.next(name, count),
  };
}

export type IdAllocator = ReturnType<typeof createIdAllocator>;
