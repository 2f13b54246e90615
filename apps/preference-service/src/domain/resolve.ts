import { resolvePreference, type ResolvedPreference } from './cascade';
import { catalogRulesFor, type Catalog } from './catalog';
import { ownRulesFor, type RuleSet } from './rules';
import type { Medium, Target } from './targets';

const NO_RULES: RuleSet = new Map();

/** Feeds the cascade from a project's catalog and a recipient's rules (none: catalog and defaults only). */
export function resolveTarget(catalog: Catalog, rules: RuleSet | undefined, target: Target, medium: Medium): ResolvedPreference {
  return resolvePreference({
    topic: target.topic,
    medium,
    own: ownRulesFor(rules ?? NO_RULES, target, medium),
    catalog: catalogRulesFor(catalog, target, medium),
  });
}
