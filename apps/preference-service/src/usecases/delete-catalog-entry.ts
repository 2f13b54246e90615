import { preferenceNotFound } from '../domain/errors';
import type { PreferenceDeps } from './deps';

/** Un-catalogs the (target, medium): recipients relying on its default fall back a step in the cascade. */
export function createDeleteCatalogEntry(deps: Pick<PreferenceDeps, 'catalog' | 'catalogCache'>) {
  return async function deleteCatalogEntry(projectId: number, id: number): Promise<void> {
    if (!(id > 0 && (await deps.catalog.deleteById(projectId, id)))) throw preferenceNotFound();
    await deps.catalogCache.invalidate(projectId);
  };
}
