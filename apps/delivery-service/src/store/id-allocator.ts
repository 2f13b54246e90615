import type { Sequences } from '@herald/service-kit';

/**
 * Notification and broadcast ids from `createSequences`: requests that arrive while a reservation
 * is in flight share the next one (one `$inc` for the group), so ids still increase with
 * creation time and a burst of sends costs a few counter writes instead of one each.
 */
export function createIdAllocator(sequences: Sequences, name: string) {
  let waiting: ((id: number | Error) => void)[] = [];
  let running = false;
  const run = async () => {
    running = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const first = await sequences.next(name, group.length);
        group.forEach((give, i) => give(first + i));
      } catch (err) {
        for (const give of group) give(err as Error);
      }
    }
    running = false;
  };
  return {
    next(): Promise<number> {
      return new Promise((resolve, reject) => {
        waiting.push((v) => (v instanceof Error ? reject(v) : resolve(v)));
        if (!running) void run();
      });
    },
    /** A block of `count` consecutive ids (a broadcast chunk). */
    block: (count: number) => sequences.next(name, count),
  };
}

export type IdAllocator = ReturnType<typeof createIdAllocator>;
