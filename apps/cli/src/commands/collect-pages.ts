import type { Page } from '../api';

/**
 * Reads pages (up to 1,000 items each) until `limit` items are collected, or every page with `all`,
 * starting after `cursor`. Returns the items and the cursor of the next page (null at the end).
 */
export async function collectPages<T>(
  fetchPage: (query: { limit: number; cursor?: string }) => Promise<Page<T>>,
  opts: { limit: number; all?: boolean; cursor?: string },
): Promise<{ items: T[]; next: string | null }> {
  const items: T[] = [];
  let cursor = opts.cursor;
  let next: string | null = null;
  do {
    const page = await fetchPage({ limit: opts.all ? 1000 : Math.min(1000, opts.limit - items.length), cursor });
    items.push(...page.items);
    next = page.next_cursor;
    cursor = next ?? undefined;
  } while (next && (opts.all || items.length < opts.limit));
  return { items, next };
}
