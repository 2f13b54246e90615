import type { CatalogEntry } from '../domain/catalog';
import type { PreferenceDeps } from './deps';

/** Every entry of the project, ordered by id (read from the store, not the cache). */
export function createListCatalogEntries(deps: Pick<PreferenceDeps, 'catalog'>) {
  return async function listCatalogEntries(projectId: number): Promise<CatalogEntry[]> {
    return deps.catalog.listByProject(projectId);
  };
}
