import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES } from '@herald/contracts';
import { invalid, type Violation } from '@herald/service-kit';

export const DESCRIPTION_MAX = 2048;
const TYPES: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

const violation = (property_path: string, message: string, invalid_value: unknown): Violation => ({ message, description: message, property_path, invalid_value });

/** Problems of an endpoint URL: http(s) only, at most 2,048 characters, a host, no credentials. */
export function urlProblems(url: string): Violation[] {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return [violation('url', `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`, url.slice(0, 64) + '…')];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [violation('url', 'url must be an absolute http or https URL', url)];
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return [violation('url', 'url must use http or https', url)];
  if (!u.hostname) return [violation('url', 'url must name a host', url)];
  if (u.username || u.password) return [violation('url', 'url must not carry credentials', url)];
  return [];
}

export function eventTypeProblems(types: string[]): Violation[] {
  return types.flatMap((t, i) => (TYPES.has(t) ? [] : [violation(`event_types[${i}]`, `unknown event type; one of ${WEBHOOK_EVENT_TYPES.join(', ')}`, t)]));
}

export function descriptionProblems(d: string | undefined): Violation[] {
  return d !== undefined && d.length > DESCRIPTION_MAX ? [violation('description', `description must be at most ${DESCRIPTION_MAX} characters`, d.slice(0, 64) + '…')] : [];
}

/** Throws one 400 listing every problem. */
export function check(problems: Violation[]): void {
  if (problems.length > 0) throw invalid(problems[0].message, problems);
}
