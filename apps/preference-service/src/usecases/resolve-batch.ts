import { violation } from '@herald/service-kit';
import { assertValid } from '../domain/errors';
import { catalogRulesFor, type Catalog, type CatalogEntry } from '../domain/catalog';
import { resolveTarget, type Decision } from '../domain/resolve';
import { takesAnyRule } from '../domain/targets';
import type { RuleSet } from '../domain/rules';
import type { Medium, Target } from '../domain/targets';
import { parseMedium, targetViolations } from '../domain/validation';
import type { PreferenceDeps } from './deps';

export const RESOLVE_BATCH_MAX = 1000;

export interface ResolvedBatch {
  enabled: boolean[];
  covered: boolean;
  mandatory: boolean;
  /** The distinct decisions of the batch: the catalog's (or the medium default) once, and each deciding recipient rule. */
  decisions: Decision[];
  /** Per requested recipient, in request order: the index of its decision in `decisions`. */
  decisionOf: number[];
  /** The governing catalog entry (exact, else the covering `topic: any` one): its digest and throttle apply after the cascade. */
  governing: CatalogEntry | null;
}

/** Two rules decide alike when their step, state and provenance are the same (the target and medium are the batch's). */
const ruleDecisionKey = (d: Decision) => `${d.because}|${d.rule!.enabled}|${d.rule!.updatedAt.getTime()}|${d.rule!.setVia}`;

interface ResolveInput {
  projectId: number;
  target: Partial<Target> | undefined;
  recipientIds: string[];
}

/**
 * Resolves one (target, medium) for many recipients (delivery, broadcast fan-out), with what
 * decided for each. Store cost is bounded whatever the number of recipients: the catalog comes
 * from the cache, and the rules of every recipient are read in one query (by `_id`); the decisions
 * come from what those reads return. A recipient whose own rules do not decide gets exactly the
 * decision of a recipient without rules (the same catalog entry or medium default), so all such
 * recipients share one.
 */
export function createResolveBatch(deps: Pick<PreferenceDeps, 'rules' | 'catalogCache'>) {
  const resolveMediums = createResolveMediums(deps);
  return async function resolveBatch(input: ResolveInput & { medium: string | undefined }): Promise<ResolvedBatch> {
    const [resolved] = await resolveMediums({ ...input, mediums: [input.medium], mediumPath: () => 'medium' });
    return resolved;
  };
}

/**
 * Resolves one target on several mediums for many recipients (all of a send's mediums): one
 * resolution per medium, in order, each as `resolveBatch` answers it, from the same reads (the
 * cascade is pure: it runs per medium on what one catalog read and one rules query return).
 */
export function createResolveMediums(deps: Pick<PreferenceDeps, 'rules' | 'catalogCache'>) {
  return async function resolveMediums(
    input: ResolveInput & { mediums: (string | undefined)[]; mediumPath?: (i: number) => string },
  ): Promise<ResolvedBatch[]> {
    const mediumPath = input.mediumPath ?? ((i: number) => `mediums[${i}]`);
    const violations = targetViolations(input.target, 'target.');
    const mediums = input.mediums.map((m, i) => parseMedium(m, mediumPath(i)));
    for (const m of mediums) if (typeof m !== 'string') violations.push(m);
    if (input.recipientIds.length > RESOLVE_BATCH_MAX) {
      violations.push(violation('recipient_ids', `at most ${RESOLVE_BATCH_MAX} recipients per call`, input.recipientIds.length));
    }
    assertValid(violations);
    const [catalog, rulesByRecipient] = await Promise.all([
      deps.catalogCache.get(input.projectId),
      deps.rules.findForRecipients(input.projectId, [...new Set(input.recipientIds)]),
    ]);
    const target: Target = { channel: input.target!.channel!, topic: input.target!.topic!, event: input.target!.event! };
    return (mediums as Medium[]).map((medium) => resolveMedium(catalog, rulesByRecipient, target, medium, input.recipientIds));
  };
}

/** The cascade of one (target, medium) for each recipient, on rules and a catalog already read. */
function resolveMedium(
  catalog: Catalog,
  rulesByRecipient: Map<string, RuleSet>,
  target: Target,
  medium: Medium,
  recipientIds: string[],
): ResolvedBatch {
  const withoutRules = resolveTarget(catalog, undefined, target, medium);
  const decisions: Decision[] = [];
  const indexOf = new Map<string, number>();
  const index = (key: string, decision: Decision) => {
    let i = indexOf.get(key);
    if (i === undefined) indexOf.set(key, (i = decisions.push(decision) - 1));
    return i;
  };
  const enabled: boolean[] = [];
  const decisionOf: number[] = [];
  for (const r of recipientIds) {
    const rules = rulesByRecipient.get(r);
    const resolved = rules ? resolveTarget(catalog, rules, target, medium) : withoutRules;
    const { decision } = resolved;
    enabled.push(resolved.enabled);
    decisionOf.push(decision.rule ? index(ruleDecisionKey(decision), decision) : index('', withoutRules.decision));
  }
  const rules = catalogRulesFor(catalog, target, medium);
  const governing = rules.exact ?? (takesAnyRule(target.topic) ? rules.any : undefined) ?? null;
  return { enabled, covered: withoutRules.covered, mandatory: withoutRules.mandatory, decisions, decisionOf, governing };
}
