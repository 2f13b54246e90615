import { violation, type Violation } from '@herald/service-kit';
import type { CatalogEntry } from '../domain/catalog';
import { assertValid, immutableField, preferenceNotFound, validationFailed } from '../domain/errors';
import { digestViolations, throttleViolations, type CatalogDigest, type CatalogThrottle } from '../domain/delivery-rules';
import { descriptionViolation, nameViolation, normalizeDescription } from '../domain/validation';
import type { CatalogChanges } from '../store/catalog-repository';
import type { PreferenceDeps } from './deps';

export interface UpdateCatalogEntryInput {
  projectId: number;
  id: number;
  name?: string;
  /** `null` clears the description (as does a blank string); `undefined` leaves it. */
  description?: string | null;
  defaultEnabled?: boolean;
  mandatory?: boolean;
  /** `null` removes it; `undefined` leaves it. */
  digest?: Partial<CatalogDigest> | null;
  throttle?: Partial<CatalogThrottle> | null;
  /** Natural-key fields as sent: each must equal the stored value. */
  key: { channel?: string; topic?: string; event?: string; medium?: string };
}

const NOTHING_TO_CHANGE = 'Provide at least one of name, description, default_enabled, mandatory, digest, throttle';

export function createUpdateCatalogEntry(deps: Pick<PreferenceDeps, 'catalog' | 'catalogCache' | 'clock'>) {
  return async function updateCatalogEntry(input: UpdateCatalogEntryInput): Promise<CatalogEntry> {
    const changes: CatalogChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = normalizeDescription(input.description);
    if (input.defaultEnabled !== undefined) changes.defaultEnabled = input.defaultEnabled;
    if (input.mandatory !== undefined) changes.mandatory = input.mandatory;
    if (input.digest !== undefined) changes.digest = input.digest as CatalogDigest | null;
    if (input.throttle !== undefined) changes.throttle = input.throttle as CatalogThrottle | null;
    const sentKey = Object.entries(input.key).filter(([, v]) => v !== undefined);
    if (Object.keys(changes).length === 0 && sentKey.length === 0) {
      throw validationFailed([], NOTHING_TO_CHANGE);
    }
    const found = [
      input.name !== undefined ? nameViolation(input.name) : null,
      descriptionViolation(input.description),
    ].filter((v): v is Violation => v !== null);
    found.push(...throttleViolations(input.throttle));
    assertValid(found);

    const stored = input.id > 0 ? await deps.catalog.findById(input.projectId, input.id) : null;
    if (!stored) throw preferenceNotFound();
    const storedKey: Record<string, string> = { ...stored.target, medium: stored.medium };
    const changed = sentKey
      .filter(([field, value]) => storedKey[field] !== value)
      .map(([field, value]) => violation(field, `${field} is part of the natural key and cannot be changed (stored: ${storedKey[field]})`, value));
    if (changed.length > 0) throw immutableField(changed);
    if (Object.keys(changes).length === 0) throw validationFailed([], NOTHING_TO_CHANGE);
    // A digest is for email entries only: judged against the stored medium.
    assertValid(digestViolations(input.digest, stored.medium));

    const entry = await deps.catalog.update(input.projectId, input.id, changes, deps.clock.date());
    if (!entry) throw preferenceNotFound();
    await deps.catalogCache.invalidate(input.projectId);
    return entry;
  };
}
