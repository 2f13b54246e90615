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

/** What a bulk upsert of `items` (with or without prune) would do to `current`. */
export function diffCatalog(current: readonly CatalogEntry[], items: readonly CatalogItem[], prune: boolean): CatalogDiff {
  const byKey = new Map(current.map((e) => [keyOf(e.target, e.medium), e]));
  const changes: CatalogChange[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const item of items) {
    const key = keyOf(item, item.medium);
    seen.add(key);
    const want = { name: item.name, description: item.description?.trim() ? item.description : null, default_enabled: item.default_enabled, mandatory: item.mandatory ?? false };
    const have = byKey.get(key);
    if (!have) {
      changes.push({ kind: 'add', key, fields: Object.entries(want).map(([k, v]) => [k, undefined, v]) });
      continue;
    }
    const before = { name: have.label, description: have.description, default_enabled: have.default_enabled, mandatory: have.mandatory };
    const fields = (Object.keys(want) as (keyof typeof want)[]).filter((k) => want[k] !== before[k]).map((k) => [k, before[k], want[k]] as [string, unknown, unknown]);
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
