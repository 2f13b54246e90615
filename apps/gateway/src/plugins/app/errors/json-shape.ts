import { LIMITS } from '@herald/contracts';

/**
 * Checks the shape of a JSON text before it is parsed, without recursion: nesting of arrays and
 * objects at most `maxDepth`, and at most `maxValues` array elements and object members in all.
 * Parsing (and later validating, serializing errors about) a body nested thousands deep exhausts
 * the stack; this scan is one pass over the characters. It only looks at structure outside
 * strings: text that is not JSON is left to the parser to refuse. Returns the broken rule, or null.
 */
export function jsonShapeProblem(text: string, maxDepth: number = LIMITS.jsonDepthMax, maxValues: number = LIMITS.jsonValuesMax): string | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  // Whether the innermost open container has had a value yet (a `]`/`}` right after `[`/`{` closes an empty one).
  let expectFirst = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
      continue;
    }
    switch (ch) {
      case 0x22: // "
        inString = true;
        break;
      case 0x5b: // [
      case 0x7b: // {
        if (expectFirst) values++;
        if (++depth > maxDepth) return `JSON nesting deeper than ${maxDepth} levels`;
        expectFirst = true;
        continue;
      case 0x5d: // ]
      case 0x7d: // }
        depth--;
        expectFirst = false;
        continue;
      case 0x2c: // ,
        values++;
        break;
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        continue;
    }
    if (expectFirst) {
      values++;
      expectFirst = false;
    }
    if (values > maxValues) return `more than ${maxValues} array elements and object members`;
  }
  return null;
}
