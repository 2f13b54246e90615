import type { Collection, Document, IndexDescription } from 'mongodb';

/**
 * The options of an index on a field that most documents never hold (`archived`, the outcome copy
 * of a medium a send did not use, ...): only the documents holding it have an entry, so a send to
 * many writes no entry there. The store uses such an index only for a query that implies the field
 * is set: an equality on a value other than null, `$in` of such values or a range (MongoDB, and the
 * local store as patched: tools/infra/ferretdb-patch, partial-indexes-exists). A query on
 * `{field: null}`, `$ne` or `$exists: false` is answered through another index.
 */
export const holdingOnly = (field: string): Pick<IndexDescription, 'partialFilterExpression'> => ({ partialFilterExpression: { [field]: { $exists: true } } });

/**
 * Creates the indexes one call each (FerretDB 1.24 drops the connection when a single
 * createIndexes call lists several indexes that already exist: a restart on kept data). An index
 * stored under the same name without the partial filter it is declared with now (made before it
 * was partial) is dropped first: created again under its name, MongoDB refuses the new options
 * and the local store ignores them. Until it is created again, its queries use another index.
 */
export async function createIndexesOneByOne<T extends Document>(col: Collection<T>, specs: IndexDescription[]): Promise<void> {
  const stored = await col.listIndexes().toArray().catch(() => [] as Document[]);
  for (const { key, ...options } of specs) {
    const old = stored.find((i) => i.name === options.name);
    if (old && options.partialFilterExpression && !old.partialFilterExpression) await col.dropIndex(options.name!).catch(() => undefined);
    await col.createIndex(key, options);
  }
}
