import { anyKeyOf, keyOf, takesAnyRule, type Medium, type Target } from './targets';

/** Through what a rule was set: the project's API (a Full or Recipient key), a recipient token, a mail's unsubscribe link. */
export const SET_VIA = ['api_key', 'recipient_token', 'unsubscribe_link'] as const;
export type SetVia = (typeof SET_VIA)[number];

export const isSetVia = (value: unknown): value is SetVia => (SET_VIA as readonly unknown[]).includes(value);

/** A recipient's own rule for one (target, medium). */
export interface OwnRule {
  target: Target;
  medium: Medium;
  enabled: boolean;
  /** The rule's last write (reported as `set_at`). */
  updatedAt: Date;
  /** Through what it was last set; null for rules set before this was recorded. */
  setVia: SetVia | null;
}

/** A recipient's rules by natural key (`keyOf`). */
export type RuleSet = ReadonlyMap<string, OwnRule>;

/** The recipient's exact and (for a topic that takes one) `topic: any` rules for a (target, medium). */
export function ownRulesFor(rules: RuleSet, target: Target, medium: Medium): { exact?: OwnRule; any?: OwnRule } {
  return {
    exact: rules.get(keyOf(target, medium)),
    any: takesAnyRule(target.topic) ? rules.get(anyKeyOf(target, medium)) : undefined,
  };
}
