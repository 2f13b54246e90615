import type { Clock, Sequences } from '@herald/service-kit';
import type { CatalogCache } from '../store/catalog-cache';
import type { CatalogRepository } from '../store/catalog-repository';
import type { RuleRepository } from '../store/rule-repository';

/** Everything the use cases may touch; each takes the part it needs. */
export interface PreferenceDeps {
  catalog: CatalogRepository;
  rules: RuleRepository;
  catalogCache: Pick<CatalogCache, 'get' | 'invalidate'>;
  sequences: Sequences;
  clock: Clock;
}

/** The sequence catalog entry ids come from. */
export const CATALOG_SEQUENCE = 'catalog_entry';
