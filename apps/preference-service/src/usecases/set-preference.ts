import { assertValid, preferenceMandatory } from '../domain/errors';
import { resolveTarget } from '../domain/resolve';
import { parseTargetMedium } from '../domain/target-input';
import type { Medium, Target } from '../domain/targets';
import type { PreferenceDeps } from './deps';

export interface SetPreferenceInput {
  projectId: number;
  recipientId: string;
  target: Partial<Target> | undefined;
  medium: string | undefined;
  enabled: boolean;
}

/** Stores the recipient's own rule for a (target, medium); refused when the governing entry is mandatory. */
export function createSetPreference(deps: Pick<PreferenceDeps, 'rules' | 'catalogCache' | 'now'>) {
  return async function setPreference(input: SetPreferenceInput): Promise<{ target: Target; medium: Medium; enabled: boolean }> {
    const { target, medium, violations } = parseTargetMedium(input.target, input.medium);
    assertValid(violations);
    const catalog = await deps.catalogCache.get(input.projectId);
    if (resolveTarget(catalog, undefined, target!, medium!).mandatory) throw preferenceMandatory();
    await deps.rules.set(input.projectId, input.recipientId, { target: target!, medium: medium!, enabled: input.enabled, updatedAt: deps.now() });
    return { target: target!, medium: medium!, enabled: input.enabled };
  };
}
