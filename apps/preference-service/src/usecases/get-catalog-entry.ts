import type { CatalogEntry } from '../domain/catalog';
import { preferenceNotFound } from '../domain/errors';
import type { PreferenceDeps } from './deps';

export function createGetCatalogEntry(deps: Pick<PreferenceDeps, 'catalog'>) {
  return async function getCatalogEntry(projectId: number, id: number): Promise<CatalogEntry> {
    const entry = id > 0 ? await deps.catalog.findById(projectId, id) : null;
    if (!entry) throw preferenceNotFound();
    return entry;
  };
}
