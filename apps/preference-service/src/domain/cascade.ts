import { takesAnyRule, type Medium } from './targets';

/** What the cascade needs of a recipient's own rule. */
export interface RecipientRule {
  enabled: boolean;
}

/** What the cascade needs of a catalog entry. */
export interface CatalogRule {
  defaultEnabled: boolean;
  mandatory: boolean;
}

/**
 * The step of the cascade that decided: steps 1–5 in order, or `mandatory_entry` when
 * the governing catalog entry is mandatory (it decides whatever the recipient's rules say).
 */
export type CascadeStep = 'recipient_rule' | 'recipient_topic_any_rule' | 'catalog_entry' | 'catalog_topic_any_entry' | 'medium_default' | 'mandatory_entry';

/** Which step decided, and the rule or entry it was (none for `medium_default`). */
export interface CascadeDecision<R extends RecipientRule = RecipientRule, E extends CatalogRule = CatalogRule> {
  because: CascadeStep;
  /** The recipient's rule that decided (steps 1 and 2). */
  rule?: R;
  /** The catalog entry that decided (steps 3 and 4, and `mandatory_entry`). */
  entry?: E;
}

export interface CascadeInput<R extends RecipientRule = RecipientRule, E extends CatalogRule = CatalogRule> {
  topic: string;
  medium: Medium;
  /** The recipient's own rules for the exact target and for `topic: any`. */
  own: { exact?: R; any?: R };
  /** The project's catalog entries for the exact target and for `topic: any`. */
  catalog: { exact?: E; any?: E };
}

export interface ResolvedPreference<R extends RecipientRule = RecipientRule, E extends CatalogRule = CatalogRule> {
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
  /** What decided `enabled`. */
  decision: CascadeDecision<R, E>;
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
 * decides and the recipient's rules are ignored (`mandatory_entry`, whether or not they have one).
 */
export function resolvePreference<R extends RecipientRule, E extends CatalogRule>({ topic, medium, own, catalog }: CascadeInput<R, E>): ResolvedPreference<R, E> {
  const anyApplies = takesAnyRule(topic);
  const ownAny = anyApplies ? own.any : undefined;
  const catalogAny = anyApplies ? catalog.any : undefined;
  const governing = catalog.exact ?? catalogAny;
  const decision: CascadeDecision<R, E> = governing?.mandatory
    ? { because: 'mandatory_entry', entry: governing }
    : own.exact
      ? { because: 'recipient_rule', rule: own.exact }
      : ownAny
        ? { because: 'recipient_topic_any_rule', rule: ownAny }
        : catalog.exact
          ? { because: 'catalog_entry', entry: catalog.exact }
          : catalogAny
            ? { because: 'catalog_topic_any_entry', entry: catalogAny }
            : { because: 'medium_default' };
  return {
    enabled: decision.rule?.enabled ?? decision.entry?.defaultEnabled ?? mediumDefault(medium),
    inherited: own.exact === undefined,
    cataloged: catalog.exact !== undefined,
    mandatory: governing?.mandatory ?? false,
    covered: governing !== undefined,
    decision,
  };
}
