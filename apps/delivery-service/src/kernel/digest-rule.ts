import type { Target } from './notification';
import type { GoverningEntry } from './ports';

/**
 * The digest an email joins, as stored on its notification at gating: the governing
 * entry's id and target (the digest key and the unsubscribe link's target) and its settings then.
 */
export interface DigestRule {
  entry_id: number;
  target: Target;
  window_seconds: number;
  max_items: number;
  subject: string;
}

/** The digest rule of a governing entry, or none. */
export function digestRuleOf(governing: GoverningEntry | undefined): DigestRule | undefined {
  const d = governing?.digest;
  if (!governing || !d) return undefined;
  return { entry_id: governing.id, target: governing.target, window_seconds: d.windowSeconds, max_items: d.maxItems, subject: d.subject };
}
