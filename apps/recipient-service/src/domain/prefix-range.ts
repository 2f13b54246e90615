/**
 * The strings that start with `prefix`, as a range an ascending index answers: from the prefix
 * itself up to (not including) the prefix with its last character moved one code point on.
 */
export function prefixRange(prefix: string): { $gte: string; $lt: string } {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  return { $gte: prefix, $lt: chars.join('') + String.fromCodePoint(last + 1) };
}
