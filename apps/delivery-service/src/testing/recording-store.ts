import type { Db } from 'mongodb';

/** One find a repository sent: its filter and the keys it sorted by. */
export interface RecordedFind {
  filter: Record<string, unknown>;
  sortKeys: string[];
}

/** A store that records each find (filter and sort) and finds nothing. */
export function recordingStore() {
  const finds: RecordedFind[] = [];
  const collection = () => ({
    find: (filter: Record<string, unknown>) => {
      const found: RecordedFind = { filter, sortKeys: [] };
      finds.push(found);
      const cursor = {
        sort: (by: Record<string, unknown>) => ((found.sortKeys = Object.keys(by)), cursor),
        limit: () => cursor,
        toArray: async () => [],
      };
      return cursor;
    },
  });
  return { db: { collection } as unknown as Db, finds };
}

/** A condition the store can tell holds only numbers: a number, or a range with number bounds. */
export const isNumberCondition = (c: unknown): boolean =>
  typeof c === 'number' || (typeof c === 'object' && c !== null && Object.keys(c).length > 0 && Object.values(c).every((v) => typeof v === 'number'));

/** Per find, whether each key it sorts by carries a number condition (the local store stops at the LIMIT only then). */
export const sortKeysRanged = (finds: RecordedFind[]) => finds.map(({ filter, sortKeys }) => ({ filter, ranged: sortKeys.map((k) => isNumberCondition(filter[k])) }));
