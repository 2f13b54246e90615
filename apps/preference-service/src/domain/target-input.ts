import type { Violation } from '@herald/service-kit';
import { parseMedium, targetViolations } from './validation';
import type { Medium, Target } from './targets';

/** A (target, medium) as received: validated, medium defaulted. Throws nothing; returns violations. */
export function parseTargetMedium(
  target: Partial<Target> | undefined,
  medium: string | undefined,
  prefix = 'target.',
  mediumPath = 'medium',
): { target?: Target; medium?: Medium; violations: Violation[] } {
  const violations = targetViolations(target, prefix);
  const m = parseMedium(medium, mediumPath);
  if (typeof m !== 'string') violations.push(m);
  if (violations.length > 0) return { violations };
  return { target: { channel: target!.channel!, topic: target!.topic!, event: target!.event! }, medium: m as Medium, violations };
}
