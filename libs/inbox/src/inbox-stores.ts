import { createInboxStore, type InboxApi, type InboxChange, type InboxCounts, type InboxFilter, type InboxSnapshot, type InboxStore } from '@herald/client';
import type { InboxTab } from './tabs';

/** Which list the panel shows: the feed or the archived notifications. */
export type FeedView = 'inbox' | 'archived';

const NO_COUNTS: InboxCounts = { unread: 0, unseen: 0 };

/**
 * The element's inbox stores (@herald/client) over one shared stream: one per tab of the feed (one
 * for the whole feed without tabs), each with its own count, and one for the archived view of the
 * shown tab while that view is shown. Also which items are selected.
 */
export class InboxStores {
  readonly selected = new Set<number>();
  private feeds: InboxStore[] = [];
  private archived: InboxStore | null = null;
  private tabs: InboxTab[] = [];
  private active = 0;
  private readonly listening = new Map<InboxStore, () => void>();

  constructor(
    private readonly api: InboxApi,
    private readonly pageSize: number,
    /** Called after every change of any store. */
    private readonly changed: () => void,
  ) {}

  /** Starts one store per tab (and the archived view's when `view` is archived). */
  start(tabs: InboxTab[], view: FeedView, active: number): void {
    this.stop();
    this.tabs = tabs;
    this.active = active;
    const filters = tabs.length ? tabs.map((t) => t.filter) : [{}];
    this.feeds = filters.map((filter) => this.open({ ...filter }));
    for (const store of this.feeds) store.start();
    this.show(view, active);
  }

  stop(): void {
    for (const store of [...this.feeds, this.archived]) this.close(store);
    this.feeds = [];
    this.archived = null;
    this.selected.clear();
  }

  /** Shows the feed of the tab at `active`, or its archived notifications (from their first page). */
  show(view: FeedView, active: number): void {
    this.selected.clear();
    this.active = active;
    this.close(this.archived);
    this.archived = view === 'archived' ? this.open({ ...this.tabs[active]?.filter, archived: true }) : null;
    this.archived?.start();
    this.changed();
  }

  /** The shown view's store. */
  get shown(): InboxStore {
    return this.archived ?? this.feeds[this.active];
  }

  get snapshot(): InboxSnapshot {
    return this.shown.getSnapshot();
  }

  /** The whole feed's counts (the badge). */
  get feedCounts(): InboxCounts {
    return this.snapshot.feedCounts ?? NO_COUNTS;
  }

  /** Each tab's unread count, by index. */
  get tabCounts(): number[] {
    return this.feeds.map((store) => store.getSnapshot().counts?.unread ?? 0);
  }

  /** Whether any view lists this notification. */
  has(id: number): boolean {
    return [...this.feeds, this.archived].some((store) => store?.getSnapshot().items.some((n) => n.id === id));
  }

  /** A change made elsewhere (or by one of these stores), shown by every store. */
  applyAll(change: InboxChange): void {
    for (const store of [...this.feeds, this.archived]) store?.apply(change);
  }

  private open(filter: InboxFilter): InboxStore {
    const store = createInboxStore(this.api, { filter, pageSize: this.pageSize, feedCounts: true });
    const off = store.subscribe(() => {
      // What left the shown view is no longer selected.
      if (store === this.shown) for (const id of this.selected) if (!store.getSnapshot().items.some((n) => n.id === id)) this.selected.delete(id);
      this.changed();
    });
    this.listening.set(store, off);
    return store;
  }

  private close(store: InboxStore | null): void {
    if (!store) return;
    this.listening.get(store)?.();
    this.listening.delete(store);
    store.stop();
  }
}
