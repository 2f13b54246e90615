import { createInboxStore, type InboxApi, type InboxFilter, type InboxStore } from '@herald/client';

export interface StoreOptions {
  filter?: InboxFilter;
  pageSize?: number;
}

/**
 * One inbox store per view (filter and page size) for all the components showing it, started
 * while at least one of them is mounted.
 */
export function createStoreCache(api: InboxApi) {
  const entries = new Map<string, { store: InboxStore; users: number }>();
  const keyOf = ({ filter = {}, pageSize }: StoreOptions) =>
    JSON.stringify([filter.archived ?? false, filter.read ?? null, filter.channel ?? null, filter.topic ?? null, filter.event ?? null, pageSize ?? 20]);
  const entry = (o: StoreOptions) => {
    const key = keyOf(o);
    let e = entries.get(key);
    if (!e) entries.set(key, (e = { store: createInboxStore(api, o), users: 0 }));
    return e;
  };
  return {
    /** The view's store (not started: rendering has no side effects). */
    get: (o: StoreOptions) => entry(o).store,
    /** Marks one more user (an effect), starting the store for the first; returns the release. */
    use(o: StoreOptions): () => void {
      const e = entry(o);
      if (e.users++ === 0) e.store.start();
      return () => {
        if (--e.users === 0) e.store.stop();
      };
    },
  };
}
