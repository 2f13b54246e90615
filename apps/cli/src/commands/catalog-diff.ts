import type { CatalogEntry, CatalogItem } from '../api';

export interface CatalogChange {
  kind: 'add' | 'change' | 'remove';
  key: string;
  /** Changed fields as [field, before, after]. */
  fields: [string, unknown, unknown][];
}

export interface CatalogDiff {
  changes: CatalogChange[];
  unchanged: number;
}

const keyOf = (t: { channel: string; topic: string; event: string }, medium: string | undefined) => `${t.channel}/${t.topic}/${t.event} (${medium ?? 'in_app'})`;

/** A value with its object keys sorted (a file's key order is not a change). */
const canonical = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : v;

/** What a bulk upsert of `items` (with or without prune) would do to `current`. */
export function diffCatalog(current: readonly CatalogEntry[], items: readonly CatalogItem[], prune: boolean): CatalogDiff {
  const byKey = new Map(current.map((e) => [keyOf(e.target, e.medium), e]));
  const changes: CatalogChange[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const item of items) {
    const key = keyOf(item, item.medium);
    seen.add(key);
    const want = {
      name: item.name,
      description: item.description?.trim() ? item.description : null,
      default_enabled: item.default_enabled,
      mandatory: item.mandatory ?? false,
      // Compared as JSON (an item is the entry's full state: absent is none).
      digest: item.digest ?? null,
      throttle: item.throttle ?? null,
    };
    const have = byKey.get(key);
    if (!have) {
      // A new entry's digest and throttle are listed when it has them.
      const shown = Object.entries(want).filter(([k, v]) => v !== null || (k !== 'digest' && k !== 'throttle'));
      changes.push({ kind: 'add', key, fields: shown.map(([k, v]) => [k, undefined, v]) });
      continue;
    }
    const before = { name: have.label, description: have.description, default_enabled: have.default_enabled, mandatory: have.mandatory, digest: have.digest ?? null, throttle: have.throttle ?? null };
    const same = (a: unknown, b: unknown) => a === b || JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
    const fields = (Object.keys(want) as (keyof typeof want)[]).filter((k) => !same(want[k], before[k])).map((k) => [k, before[k], want[k]] as [string, unknown, unknown]);
    if (fields.length) changes.push({ kind: 'change', key, fields });
    else unchanged += 1;
  }
  for (const [key, e] of byKey) {
    if (seen.has(key)) continue;
    if (prune) changes.push({ kind: 'remove', key, fields: [['name', e.label, undefined]] });
    else unchanged += 1;
  }
  return { changes, unchanged };
}

const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));

export function renderDiff(diff: CatalogDiff): string {
  const sign = { add: '+', change: '~', remove: '-' } as const;
  const lines = diff.changes.map((c) => {
    const detail = c.kind === 'change' ? c.fields.map(([f, a, b]) => `${f}: ${show(a)} → ${show(b)}`).join(', ') : c.kind === 'add' ? c.fields.map(([f, , b]) => `${f}=${show(b)}`).join(' ') : `"${c.fields[0][1]}"`;
    return `${sign[c.kind]} ${c.key}  ${detail}`;
  });
  const count = (k: CatalogChange['kind']) => diff.changes.filter((c) => c.kind === k).length;
  lines.push(`${count('add')} to add, ${count('change')} to change, ${count('remove')} to remove, ${diff.unchanged} unchanged`);
  return `${lines.join('\n')}\n`;
}
