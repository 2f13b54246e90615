import { assertValid } from '../domain/errors';
import { resolveTarget } from '../domain/resolve';
import { parseTargetMedium } from '../domain/target-input';
import type { Target } from '../domain/targets';
import { violation } from '@herald/service-kit';
import type { PreferenceDeps } from './deps';

export const RESOLVE_BATCH_MAX = 1000;

/**
 * Resolves one (target, medium) for many recipients (delivery, broadcast fan-out). Store cost is
 * bounded whatever the number of recipients: the catalog comes from the cache, and the rules of
 * every recipient are read in one query (by `_id`).
 */
export function createResolveBatch(deps: Pick<PreferenceDeps, 'rules' | 'catalogCache'>) {
  return async function resolveBatch(input: { projectId: number; target: Partial<Target> | undefined; medium: string | undefined; recipientIds: string[] }): Promise<{ enabled: boolean[]; covered: boolean; mandatory: boolean }> {
    const { target, medium, violations } = parseTargetMedium(input.target, input.medium);
    if (input.recipientIds.length > RESOLVE_BATCH_MAX) {
      violations.push(violation('recipient_ids', `at most ${RESOLVE_BATCH_MAX} recipients per call`, input.recipientIds.length));
    }
    assertValid(violations);
    const [catalog, rulesByRecipient] = await Promise.all([
      deps.catalogCache.get(input.projectId),
      deps.rules.findForRecipients(input.projectId, [...new Set(input.recipientIds)]),
    ]);
    const enabled = input.recipientIds.map((r) => resolveTarget(catalog, rulesByRecipient.get(r), target!, medium!).enabled);
    const { covered, mandatory } = resolveTarget(catalog, undefined, target!, medium!);
    return { enabled, covered, mandatory };
  };
}
