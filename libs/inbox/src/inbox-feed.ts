import { placeItem, type Notification } from '@herald/client';
import { inFilter, type FeedFilter } from './tabs';

/** Which list the panel shows: the feed or the archived notifications. */
export type FeedView = 'inbox' | 'archived';

/**
 * How a notification came: `arrived` (a new send, or one whose snooze ended) goes on top, as the
 * feed has it; `restored` (a refused snooze) and `changed` (archived or unarchived elsewhere) go
 * before the first older id where the pages loaded so far reach.
 */
export type Placement = 'arrived' | 'restored' | 'changed';

/** The notifications the panel lists, the cursor of the next page and the selected ones. */
export class InboxFeed {
  items: Notification[] = [];
  readonly selected = new Set<number>();
  cursor: string | null = null;
  exhausted = false;

  /** Starts over with a first page. */
  reset(page: { notifications: Notification[]; next_cursor: string | null } | null = null): void {
    this.items = page?.notifications ?? [];
    this.selected.clear();
    this.cursor = page?.next_cursor ?? null;
    this.exhausted = page !== null && this.cursor === null;
  }

  /** Adds the next page (what is already listed is not listed twice). */
  append(page: { notifications: Notification[]; next_cursor: string | null }): void {
    const known = new Set(this.items.map((n) => n.id));
    this.items.push(...page.notifications.filter((n) => !known.has(n.id)));
    this.cursor = page.next_cursor;
    this.exhausted = this.cursor === null;
  }

  has(id: number): boolean {
    return this.items.some((x) => x.id === id);
  }

  select(id: number, on: boolean): void {
    if (on) this.selected.add(id);
    else this.selected.delete(id);
  }

  remove(id: number): void {
    this.items = this.items.filter((x) => x.id !== id);
    this.selected.delete(id);
  }

  /**
   * A notification that arrived or changed: listed, replaced in place or dropped as it now belongs
   * to the view, by the headless store's rules (`placeItem`); a refused snooze puts the item back
   * even below the pages loaded so far.
   */
  place(n: Notification, how: Placement, view: FeedView, tab: FeedFilter): void {
    const filter = { ...tab, archived: view === 'archived' };
    this.items = placeItem(this.items, n, filter, how === 'restored' || this.exhausted, how === 'arrived');
    if (!this.has(n.id)) this.selected.delete(n.id);
  }

  /** Marks read what the filter shows. */
  markRead(filter: FeedFilter): void {
    this.items = this.items.map((n) => (inFilter(n, filter) ? { ...n, read: true } : n));
  }
}
