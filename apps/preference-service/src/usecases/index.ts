import { createCheckCoverage } from './check-coverage';
import { createCheckPreference } from './check-preference';
import { createCreateCatalogEntry } from './create-catalog-entry';
import { createDeleteCatalogEntry } from './delete-catalog-entry';
import type { PreferenceDeps } from './deps';
import { createGetCatalogEntry } from './get-catalog-entry';
import { createListCatalogEntries } from './list-catalog-entries';
import { createListPreferences } from './list-preferences';
import { createRemoveRecipientRules } from './remove-recipient-rules';
import { createResolveBatch, createResolveMediums } from './resolve-batch';
import { createSetPreference } from './set-preference';
import { createUpdateCatalogEntry } from './update-catalog-entry';
import { createUpsertCatalog } from './upsert-catalog';

export type { PreferenceDeps } from './deps';

/** Every use case of the service, built from its dependencies. */
export function createUseCases(deps: PreferenceDeps) {
  return {
    createCatalogEntry: createCreateCatalogEntry(deps),
    listCatalogEntries: createListCatalogEntries(deps),
    getCatalogEntry: createGetCatalogEntry(deps),
    updateCatalogEntry: createUpdateCatalogEntry(deps),
    upsertCatalog: createUpsertCatalog(deps),
    deleteCatalogEntry: createDeleteCatalogEntry(deps),
    setPreference: createSetPreference(deps),
    listPreferences: createListPreferences(deps),
    checkPreference: createCheckPreference(deps),
    resolveBatch: createResolveBatch(deps),
    resolveMediums: createResolveMediums(deps),
    checkCoverage: createCheckCoverage(deps),
    removeRecipientRules: createRemoveRecipientRules(deps),
  };
}

export type PreferenceUseCases = ReturnType<typeof createUseCases>;
