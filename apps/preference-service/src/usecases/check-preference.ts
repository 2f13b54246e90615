import { assertValid } from '../domain/errors';
import { resolveTarget, type Resolved } from '../domain/resolve';
import { parseTargetMedium } from '../domain/target-input';
import type { Medium, Target } from '../domain/targets';
import type { PreferenceDeps } from './deps';

/** Resolves any (target, medium) for a recipient, with what decided; the target need not be cataloged or stored. */
export function createCheckPreference(deps: Pick<PreferenceDeps, 'rules' | 'catalogCache'>) {
  return async function checkPreference(input: { projectId: number; recipientId: string; target: Partial<Target> | undefined; medium: string | undefined }): Promise<{ target: Target; medium: Medium; state: Resolved }> {
    const { target, medium, violations } = parseTargetMedium(input.target, input.medium, '', 'medium');
    assertValid(violations);
    const [catalog, rules] = await Promise.all([
      deps.catalogCache.get(input.projectId),
      deps.rules.findForRecipient(input.projectId, input.recipientId),
    ]);
    return { target: target!, medium: medium!, state: resolveTarget(catalog, rules, target!, medium!) };
  };
}
