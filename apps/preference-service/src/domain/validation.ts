import { hasControlChars, LIMITS, PREFERENCE_MEDIUMS } from '@herald/contracts';
import { violation, type Violation } from '@herald/service-kit';
import type { CatalogEntryInput } from './catalog';
import { digestViolations, throttleViolations, type CatalogDigest, type CatalogThrottle } from './delivery-rules';
import { DEFAULT_MEDIUM, isMedium, keyOf, type Medium, type Target } from './targets';

export const NAME_MAX = 256;
export const DESCRIPTION_MAX = 2048;

const length = (s: string) => [...s].length;

/** A target field: a non-empty string of at most 128 characters. */
function targetFieldViolation(path: string, value: unknown): Violation | null {
  if (typeof value !== 'string') return violation(path, `${path} is required and must be a string`, value ?? null);
  if (value.length === 0) return violation(path, `${path} must not be empty`, value);
  if (length(value) > LIMITS.targetFieldMax) return violation(path, `${path} must be at most ${LIMITS.targetFieldMax} characters`, value);
  return null;
}

/** Violations of a target's three fields; `prefix` names where it sits (`target.`, `[3].`, ``). */
export function targetViolations(target: Partial<Target> | undefined, prefix = ''): Violation[] {
  return (['channel', 'topic', 'event'] as const)
    .map((f) => targetFieldViolation(`${prefix}${f}`, target?.[f]))
    .filter((v): v is Violation => v !== null);
}

/** The medium as sent ('' or absent means the default, `in_app`), or a violation. */
export function parseMedium(value: string | undefined, path = 'medium'): Medium | Violation {
  const m = value === undefined || value === '' ? DEFAULT_MEDIUM : value;
  return isMedium(m) ? m : violation(path, `${path} must be one of ${PREFERENCE_MEDIUMS.join(', ')}`, value);
}

export function nameViolation(name: string | undefined, path = 'name'): Violation | null {
  if (name === undefined || name.trim().length === 0) return violation(path, `${path} must be a non-empty string`, name ?? null);
  if (length(name) > NAME_MAX) return violation(path, `${path} must be at most ${NAME_MAX} characters`, name);
  if (hasControlChars(name)) return violation(path, `${path} must not contain control characters`, name);
  return null;
}

export function descriptionViolation(description: string | null | undefined, path = 'description'): Violation | null {
  if (description && length(description) > DESCRIPTION_MAX) {
    return violation(path, `${path} must be at most ${DESCRIPTION_MAX} characters`, description);
  }
  return null;
}

/** Omitted or blank stores none. */
export const normalizeDescription = (description: string | null | undefined): string | null =>
  description === undefined || description === null || description.trim() === '' ? null : description;

/** A create body or bulk item as received. */
export interface RawCatalogInput {
  target?: Partial<Target>;
  medium?: string;
  name?: string;
  description?: string | null;
  defaultEnabled: boolean;
  mandatory: boolean;
  digest?: Partial<CatalogDigest> | null;
  throttle?: Partial<CatalogThrottle> | null;
}

/** Validates one catalog item; `prefix` is prepended to property paths (`[3].` in a bulk). */
export function parseCatalogInput(raw: RawCatalogInput, prefix = ''): { input?: CatalogEntryInput; violations: Violation[] } {
  const violations = targetViolations(raw.target, prefix);
  const medium = parseMedium(raw.medium, `${prefix}medium`);
  if (typeof medium !== 'string') violations.push(medium);
  const others = [nameViolation(raw.name, `${prefix}name`), descriptionViolation(raw.description, `${prefix}description`)];
  violations.push(...others.filter((v): v is Violation => v !== null));
  violations.push(...digestViolations(raw.digest, typeof medium === 'string' ? medium : raw.medium, prefix), ...throttleViolations(raw.throttle, prefix));
  if (violations.length > 0) return { violations };
  return {
    violations,
    input: {
      target: { channel: raw.target!.channel!, topic: raw.target!.topic!, event: raw.target!.event! },
      medium: medium as Medium,
      name: raw.name!,
      description: normalizeDescription(raw.description),
      defaultEnabled: raw.defaultEnabled,
      mandatory: raw.mandatory,
      digest: raw.digest ? (raw.digest as CatalogDigest) : null,
      throttle: raw.throttle ? (raw.throttle as CatalogThrottle) : null,
    },
  };
}

/** Validates every item of a bulk upsert, then refuses repeated natural keys (each names its index). */
export function parseCatalogItems(raws: RawCatalogInput[]): { inputs: CatalogEntryInput[]; violations: Violation[] } {
  const violations: Violation[] = [];
  const inputs: CatalogEntryInput[] = [];
  const firstIndexOf = new Map<string, number>();
  raws.forEach((raw, i) => {
    const parsed = parseCatalogInput(raw, `[${i}].`);
    violations.push(...parsed.violations);
    if (!parsed.input) return;
    const key = keyOf(parsed.input.target, parsed.input.medium);
    const first = firstIndexOf.get(key);
    if (first !== undefined) {
      violations.push(violation(`[${i}]`, `[${i}] repeats the channel, topic, event and medium of item [${first}]`, { ...parsed.input.target, medium: parsed.input.medium }));
    } else {
      firstIndexOf.set(key, i);
      inputs.push(parsed.input);
    }
  });
  return { inputs, violations };
}
