import { catalogOf, sameState, type CatalogEntry } from '../domain/catalog';
import { assertValid } from '../domain/errors';
import { keyOf } from '../domain/targets';
import { violation } from '@herald/service-kit';
import { parseCatalogItems, type RawCatalogInput } from '../domain/validation';
import { CATALOG_SEQUENCE, type PreferenceDeps } from './deps';

export const CATALOG_BULK_MAX = 1000;

export interface UpsertCatalogInput {
  projectId: number;
  items: RawCatalogInput[];
  /** Delete every entry whose natural key is absent from `items`. */
  prune: boolean;
}

/**
 * Bulk upsert (PUT /preferences). Every item is validated first; any invalid item or repeated
 * natural key refuses the whole request and nothing is written.
 *
 * Retry-safe without transactions: each step is idempotent and keyed by the natural key, so a crash
 * anywhere leaves a catalog that a retry of the same request turns into exactly the desired one.
 *  1. Upsert each item whose stored state differs, matched by natural key (never by id): a retry
 *     finds the entries an interrupted attempt inserted and updates them in place, keeping their
 *     ids, instead of inserting twice (the unique natural-key index forbids that anyway).
 *  2. Only then prune: delete the entries whose natural key is absent from the request. A crash
 *     here leaves extra entries, never missing ones; the retry deletes the rest.
 * The items are each entry's full desired state, so repeating a step cannot compound.
 */
export function createUpsertCatalog(deps: Pick<PreferenceDeps, 'catalog' | 'catalogCache' | 'sequences' | 'clock'>) {
  return async function upsertCatalog({ projectId, items, prune }: UpsertCatalogInput): Promise<CatalogEntry[]> {
    if (items.length > CATALOG_BULK_MAX) {
      assertValid([violation('', `at most ${CATALOG_BULK_MAX} entries per request`, items.length)], 'Too many catalog entries');
    }
    const { inputs, violations } = parseCatalogItems(items);
    assertValid(violations, 'Invalid catalog entries');

    const current = catalogOf(await deps.catalog.listByProject(projectId));
    const writes = inputs.filter((i) => {
      const stored = current.byKey.get(keyOf(i.target, i.medium));
      return !stored || !sameState(stored, i);
    });
    const newCount = writes.filter((i) => !current.byKey.has(keyOf(i.target, i.medium))).length;
    let nextId = newCount > 0 ? await deps.sequences.next(CATALOG_SEQUENCE, newCount) : 0;
    const wanted = new Set(inputs.map((i) => keyOf(i.target, i.medium)));
    try {
      await deps.catalog.upsertByKey(
        projectId,
        writes.map((input) => ({ input, newId: current.byKey.get(keyOf(input.target, input.medium))?.id ?? nextId++ })),
        deps.clock.date(),
      );
      if (prune) {
        const absent = current.entries.filter((e) => !wanted.has(keyOf(e.target, e.medium)));
        await deps.catalog.deleteByIds(projectId, absent.map((e) => e.id));
      }
    } finally {
      // Even a failed attempt may have written part of the request.
      await deps.catalogCache.invalidate(projectId);
    }
    return deps.catalog.listByProject(projectId);
  };
}
