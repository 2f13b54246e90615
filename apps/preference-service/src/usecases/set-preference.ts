import { LIMITS } from '@herald/contracts';
import { violation } from '@herald/service-kit';
import { assertValid, preferenceLimitExceeded, preferenceMandatory } from '../domain/errors';
import { resolveTarget } from '../domain/resolve';
import { isSetVia, SET_VIA } from '../domain/rules';
import { parseTargetMedium } from '../domain/target-input';
import type { Medium, Target } from '../domain/targets';
import type { PreferenceDeps } from './deps';

export interface SetPreferenceInput {
  projectId: number;
  recipientId: string;
  target: Partial<Target> | undefined;
  medium: string | undefined;
  enabled: boolean;
  /** Through what the rule is set (`SET_VIA`); empty or absent: not recorded. */
  setVia?: string;
}

/**
 * Stores the recipient's own rule for a (target, medium), with when and through what it was set
 * (reported by decisions as `set_at` and `set_via`); refused when the governing entry is
 * mandatory, and a new rule refused when the recipient already has `LIMITS.preferenceRulesPerRecipientMax`
 * (any target may be set, so without a bound one token could grow its recipient's rules forever).
 * Concurrent first writes may pass the count together: the bound can be overshot by that many, never more.
 */
export function createSetPreference(deps: Pick<PreferenceDeps, 'rules' | 'catalogCache' | 'clock'>) {
  return async function setPreference(input: SetPreferenceInput): Promise<{ target: Target; medium: Medium; enabled: boolean }> {
    const { target, medium, violations } = parseTargetMedium(input.target, input.medium);
    const setVia = input.setVia ? (isSetVia(input.setVia) ? input.setVia : undefined) : null;
    if (setVia === undefined) violations.push(violation('set_via', `must be one of ${SET_VIA.join(', ')}`, input.setVia));
    assertValid(violations);
    const catalog = await deps.catalogCache.get(input.projectId);
    if (resolveTarget(catalog, undefined, target!, medium!).mandatory) throw preferenceMandatory();
    const max = LIMITS.preferenceRulesPerRecipientMax;
    if ((await deps.rules.countForRecipient(input.projectId, input.recipientId)) >= max) {
      if (!(await deps.rules.has(input.projectId, input.recipientId, { target: target!, medium: medium! }))) throw preferenceLimitExceeded(max);
    }
    await deps.rules.set(input.projectId, input.recipientId, { target: target!, medium: medium!, enabled: input.enabled, updatedAt: deps.clock.date(), setVia: setVia ?? null });
    return { target: target!, medium: medium!, enabled: input.enabled };
  };
}
