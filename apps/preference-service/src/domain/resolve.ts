import { resolvePreference, type CascadeDecision, type ResolvedPreference } from './cascade';
import { catalogRulesFor, type Catalog, type CatalogEntry } from './catalog';
import { ownRulesFor, type OwnRule, type RuleSet } from './rules';
import type { Medium, Target } from './targets';

const NO_RULES: RuleSet = new Map();

/** A resolution over stored rules and entries: its decision names the very rule or entry that decided. */
export type Resolved = ResolvedPreference<OwnRule, CatalogEntry>;
export type Decision = CascadeDecision<OwnRule, CatalogEntry>;

/** Feeds the cascade from a project's catalog and a recipient's rules (none: catalog and defaults only). */
export function resolveTarget(catalog: Catalog, rules: RuleSet | undefined, target: Target, medium: Medium): Resolved {
  return resolvePreference({
    topic: target.topic,
    medium,
    own: ownRulesFor(rules ?? NO_RULES, target, medium),
    catalog: catalogRulesFor(catalog, target, medium),
  });
}
