import type { CatalogEntry } from '../domain/catalog';
import { assertValid, preferenceExists } from '../domain/errors';
import { parseCatalogInput, type RawCatalogInput } from '../domain/validation';
import { CATALOG_SEQUENCE, type PreferenceDeps } from './deps';

export function createCreateCatalogEntry(deps: Pick<PreferenceDeps, 'catalog' | 'catalogCache' | 'sequences' | 'clock'>) {
  return async function createCatalogEntry(projectId: number, raw: RawCatalogInput): Promise<CatalogEntry> {
    const { input, violations } = parseCatalogInput(raw);
    assertValid(violations);
    const id = await deps.sequences.next(CATALOG_SEQUENCE);
    const entry = await deps.catalog.insert(projectId, id, input!, deps.clock.date());
    if (!entry) throw preferenceExists();
    await deps.catalogCache.invalidate(projectId);
    return entry;
  };
}
