import { sameDigest, sameThrottle, type CatalogDigest, type CatalogThrottle } from './delivery-rules';
import { anyKeyOf, keyOf, takesAnyRule, type Medium, type Target } from './targets';

/** The desired state of one catalog entry (a create body or a bulk item), already validated. */
export interface CatalogEntryInput {
  target: Target;
  medium: Medium;
  name: string;
  description: string | null;
  defaultEnabled: boolean;
  mandatory: boolean;
  /** Email digest; null: none. */
  digest: CatalogDigest | null;
  /** Throttle; null: none. */
  throttle: CatalogThrottle | null;
}

export interface CatalogEntry extends CatalogEntryInput {
  id: number;
  projectId: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A project's whole catalog as the cascade reads it: entries by id and by natural key. */
export interface Catalog {
  entries: readonly CatalogEntry[];
  byKey: ReadonlyMap<string, CatalogEntry>;
}

export function catalogOf(entries: CatalogEntry[]): Catalog {
  const sorted = [...entries].sort((a, b) => a.id - b.id);
  return { entries: sorted, byKey: new Map(sorted.map((e) => [keyOf(e.target, e.medium), e])) };
}

/** The exact entry and (for a topic that takes one) the `topic: any` entry of a (target, medium). */
export function catalogRulesFor(catalog: Catalog, target: Target, medium: Medium): { exact?: CatalogEntry; any?: CatalogEntry } {
  return {
    exact: catalog.byKey.get(keyOf(target, medium)),
    any: takesAnyRule(target.topic) ? catalog.byKey.get(anyKeyOf(target, medium)) : undefined,
  };
}

/** Whether the stored entry already has the desired state (nothing to write). */
export const sameState = (entry: CatalogEntry, input: CatalogEntryInput): boolean =>
  entry.name === input.name &&
  entry.description === input.description &&
  entry.defaultEnabled === input.defaultEnabled &&
  entry.mandatory === input.mandatory &&
  sameDigest(entry.digest, input.digest) &&
  sameThrottle(entry.throttle, input.throttle);
