import { anyKeyOf, keyOf, takesAnyRule, type Medium, type Target } from './targets';

/** A recipient's own rule for one (target, medium). */
export interface OwnRule {
  target: Target;
  medium: Medium;
  enabled: boolean;
  updatedAt: Date;
}

/** A recipient's rules by natural key (`keyOf`). */
export type RuleSet = ReadonlyMap<string, OwnRule>;

/** The recipient's exact and (for a topic that takes one) `topic: any` decisions for a (target, medium). */
export function ownRulesFor(rules: RuleSet, target: Target, medium: Medium): { exact?: boolean; any?: boolean } {
  return {
    exact: rules.get(keyOf(target, medium))?.enabled,
    any: takesAnyRule(target.topic) ? rules.get(anyKeyOf(target, medium))?.enabled : undefined,
  };
}
