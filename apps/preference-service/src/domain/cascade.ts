import { takesAnyRule, type Medium } from './targets';

/** What the cascade needs of a catalog entry. */
export interface CatalogRule {
  defaultEnabled: boolean;
  mandatory: boolean;
}

export interface CascadeInput {
  topic: string;
  medium: Medium;
  /** The recipient's own rules (their `enabled`), for the exact target and for `topic: any`. */
  own: { exact?: boolean; any?: boolean };
  /** The project's catalog entries for the exact target and for `topic: any`. */
  catalog: { exact?: CatalogRule; any?: CatalogRule };
}

export interface ResolvedPreference {
  /** Whether a send to this (target, medium) would deliver. */
  enabled: boolean;
  /** No own rule for the exact (target, medium). */
  inherited: boolean;
  /** An exact catalog entry exists. */
  cataloged: boolean;
  /** The governing catalog entry is mandatory. */
  mandatory: boolean;
  /** A covering catalog entry exists (exact, or `topic: any` for a concrete topic). */
  covered: boolean;
}

/** The in-app medium delivers unless told otherwise; every other medium does not. */
export const mediumDefault = (medium: Medium): boolean => medium === 'in_app';

/**
 * The preference resolution cascade, the only place it is written. The first applicable rule
 * decides `enabled`:
 *  1. the recipient's rule for the exact target and medium;
 *  2. the recipient's `topic: any` rule for the same channel/event and medium;
 *  3. the catalog entry for the exact target and medium;
 *  4. the catalog's `topic: any` entry for the channel/event and medium;
 *  5. the medium's default (in_app true, others false).
 * A topic of `none` never takes a `topic: any` rule (steps 2 and 4 are skipped). When the
 * governing entry (exact, else the covering `any` one) is mandatory, its `default_enabled`
 * decides and the recipient's rules are ignored.
 */
export function resolvePreference({ topic, medium, own, catalog }: CascadeInput): ResolvedPreference {
  const anyApplies = takesAnyRule(topic);
  const governing = catalog.exact ?? (anyApplies ? catalog.any : undefined);
  const mandatory = governing?.mandatory ?? false;
  const enabled = mandatory
    ? governing!.defaultEnabled
    : own.exact ??
      (anyApplies ? own.any : undefined) ??
      catalog.exact?.defaultEnabled ??
      (anyApplies ? catalog.any?.defaultEnabled : undefined) ??
      mediumDefault(medium);
  return {
    enabled,
    inherited: own.exact === undefined,
    cataloged: catalog.exact !== undefined,
    mandatory,
    covered: governing !== undefined,
  };
}
