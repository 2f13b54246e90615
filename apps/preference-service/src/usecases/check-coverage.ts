import { assertValid } from '../domain/errors';
import { resolveTarget } from '../domain/resolve';
import { parseTargetMedium } from '../domain/target-input';
import type { Target } from '../domain/targets';
import { violation } from '@herald/service-kit';
import type { PreferenceDeps } from './deps';

export const COVERAGE_QUERIES_MAX = 1000;

/** Whether the catalog covers each (target, medium): its exact entry, or `topic: any` for a concrete topic. */
export function createCheckCoverage(deps: Pick<PreferenceDeps, 'catalogCache'>) {
  return async function checkCoverage(input: { projectId: number; queries: { target: Partial<Target> | undefined; medium: string | undefined }[] }): Promise<boolean[]> {
    const parsed = input.queries.map((q, i) => parseTargetMedium(q.target, q.medium, `[${i}].target.`, `[${i}].medium`));
    const violations = parsed.flatMap((p) => p.violations);
    if (parsed.length > COVERAGE_QUERIES_MAX) violations.push(violation('queries', `at most ${COVERAGE_QUERIES_MAX} queries per call`, parsed.length));
    assertValid(violations);
    if (parsed.length === 0) return [];
    const catalog = await deps.catalogCache.get(input.projectId);
    return parsed.map((p) => resolveTarget(catalog, undefined, p.target!, p.medium!).covered);
  };
}
