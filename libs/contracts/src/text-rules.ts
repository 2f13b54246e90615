import { LIMITS } from './limits.js';

/** C0 controls, DEL and C1 controls: never allowed in names, ids or addresses. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

export const hasControlChars = (text: string): boolean => CONTROL_CHARS.test(text);

// Characters that make an address something other than one plain addr-spec: whitespace (which
// also separates words of a display name), list separators (`,` `;`), group syntax (`:`), angle
// brackets, quoting and comments. Each one is how a mail library would read several recipients,
// a display name or a quoted local part.
const NOT_IN_ADDR_SPEC = /[\s,;:<>"()]/;
const DOMAIN_LABEL = /^[^.@]+$/;

/**
 * Whether `address` is exactly one email addr-spec, as the contract accepts it
 * (docs/api-gateway.md): at most 254 characters; no whitespace, none of `, ; : < > " ( )`, no control
 * characters; exactly one `@` with a non-empty local part before it and, after it, a domain of at
 * least two non-empty dot-separated labels. Judged on the stored form (trimmed, lowercased). The
 * one rule used by every check of an email contact address.
 */
export function isEmailAddress(address: string): boolean {
  if (address.length === 0 || address.length > LIMITS.emailAddressMax) return false;
  if (NOT_IN_ADDR_SPEC.test(address) || hasControlChars(address)) return false;
  const at = address.indexOf('@');
  if (at <= 0 || at !== address.lastIndexOf('@')) return false;
  const labels = address.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((l) => DOMAIN_LABEL.test(l));
}
