import { withCount, type InboxStrings } from './i18n';
import type { InboxSnapshot, Notification } from '@herald/client';
import type { FeedView, InboxStores } from './inbox-stores';
import { renderItemView, type ItemViewOptions } from './item-view';
import { renderTabBar } from './tab-bar';
import type { InboxTab } from './tabs';
import { badgeText } from './view-model';

/** How the feed's loading goes, said in the status line. */
export type FeedState = 'loading' | 'ready' | 'error' | 'reconnecting';

/** The status line's state for a store's snapshot: reconnecting while the stream is, once loaded. */
export function feedStateOf(s: Pick<InboxSnapshot, 'status' | 'connection'>): FeedState {
  if (s.status === 'loading' || s.status === 'idle') return 'loading';
  if (s.status === 'error') return 'error';
  return s.connection === 'reconnecting' ? 'reconnecting' : 'ready';
}

const part = <T extends HTMLElement = HTMLElement>(root: ShadowRoot, sel: string): T => root.querySelector(sel) as T;

/** Puts the texts and the writing direction on the panel's fixed parts. */
export function labelPanel(root: ShadowRoot, t: InboxStrings, view: FeedView, locale: { given: string | undefined; dir: 'ltr' | 'rtl' }): void {
  const panel = part(root, '.panel');
  panel.dir = locale.dir;
  if (locale.given) panel.lang = locale.given;
  panel.setAttribute('aria-label', t.notifications);
  part(root, '.heading').textContent = t.notifications;
  part(root, '.mark-all').textContent = t.markAllRead;
  part(root, '.push-button').textContent = t.enablePush;
  part(root, '.empty').textContent = view === 'inbox' ? t.empty : t.emptyArchived;
  part(root, '[data-view="inbox"]').textContent = t.inbox;
  part(root, '[data-view="archived"]').textContent = t.archived;
  part(root, '.bulk-read').textContent = t.markRead;
  part(root, '.settings').setAttribute('aria-label', t.settings);
}

/** The badge and the bell's label: the unread count, or the unseen one with `badge="unseen"`. */
export function showBadge(root: ShadowRoot, t: InboxStrings, count: number, unseen: boolean): void {
  const badge = part(root, '.badge');
  badge.textContent = badgeText(count);
  badge.hidden = count <= 0;
  const label = count === 0 ? (unseen ? t.noneUnseen : t.noneUnread) : withCount(unseen ? t.unseenLabel : t.unreadLabel, count);
  part(root, '.bell').setAttribute('aria-label', label);
  part(root, '.sr').textContent = label;
}

/** The status line: loading, failed (with a retry button), reconnecting, or hidden once ready. */
function showStatus(root: ShadowRoot, t: InboxStrings, state: FeedState, retry: () => void): void {
  const status = part(root, '.status');
  const text = { loading: t.loading, ready: '', error: t.loadError, reconnecting: t.reconnecting }[state];
  status.hidden = text === '';
  status.textContent = text;
  status.dataset.state = state;
  if (state !== 'error') return;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = t.retry;
  button.addEventListener('click', retry);
  status.append(' ', button);
}

export interface PanelState {
  strings: InboxStrings;
  state: FeedState;
  notifications: readonly Notification[];
  selected: ReadonlySet<number>;
  view: FeedView;
  settingsOpen: boolean;
  unread: number;
  push: boolean;
  retry(): void;
  /** How each item is drawn and what its buttons do. */
  items: ItemViewOptions;
}

/** Draws the panel from the element's state (the list only while the panel is shown), keeping the focused item focused. */
export function renderPanel(root: ShadowRoot, s: PanelState): void {
  const t = s.strings;
  showStatus(root, t, s.state, s.retry);
  part(root, '.preferences').hidden = !s.settingsOpen;
  part(root, '.list').hidden = s.settingsOpen;
  part(root, '.empty').hidden = s.settingsOpen || !(s.state === 'ready' || s.state === 'reconnecting') || s.notifications.length > 0;
  part<HTMLButtonElement>(root, '.mark-all').disabled = s.unread === 0;
  part(root, '.push').hidden = !s.push;
  part(root, '.bulk').hidden = s.settingsOpen || s.selected.size === 0;
  part(root, '.bulk-count').textContent = withCount(t.selectedCount, s.selected.size);
  part(root, '.bulk-archive').textContent = s.view === 'inbox' ? t.archive : t.unarchive;
  if (part(root, '.panel').hidden) return;
  const list = part(root, '.list');
  const focused = (root.activeElement as HTMLElement | null)?.dataset?.id;
  list.replaceChildren(...s.notifications.map((n) => renderItemView(n, s.items)));
  if (focused) (list.querySelector(`[data-id="${focused}"]`) as HTMLElement | null)?.focus();
}

/** What the element draws from: its stores (null before it started) and its settings. */
export interface InboxDrawing {
  strings: InboxStrings;
  stores: InboxStores | null;
  /** `badge="unseen"`: the badge counts unseen notifications. */
  countsUnseen: boolean;
  tabs: InboxTab[];
  activeTab: number;
  selectTab(index: number): void;
  view: FeedView;
  settingsOpen: boolean;
  push: boolean;
  retry(): void;
  /** How each item is drawn and what its buttons do, but the selection (the stores'). */
  items: Omit<ItemViewOptions, 'selected' | 'select'>;
  /** Draws again (after a selection changed). */
  redraw(): void;
}

/** Draws the badge, the tab bar and the panel from the shown store. */
export function drawInbox(root: ShadowRoot, d: InboxDrawing): void {
  const counts = d.stores?.feedCounts ?? { unread: 0, unseen: 0 };
  showBadge(root, d.strings, d.countsUnseen ? counts.unseen : counts.unread, d.countsUnseen);
  renderTabBar(part(root, '.tabs'), { tabs: d.tabs, active: d.activeTab, counts: d.stores?.tabCounts ?? [], label: d.strings.tabs, select: d.selectTab });
  const snapshot = d.stores?.snapshot;
  const selected = d.stores?.selected ?? new Set<number>();
  const select = (n: Notification, on: boolean) => {
    if (on) selected.add(n.id);
    else selected.delete(n.id);
    d.redraw();
  };
  renderPanel(root, {
    strings: d.strings,
    state: snapshot ? feedStateOf(snapshot) : 'loading',
    notifications: snapshot?.items ?? [],
    selected,
    view: d.view,
    settingsOpen: d.settingsOpen,
    unread: counts.unread,
    push: d.push,
    retry: d.retry,
    items: { ...d.items, selected, select },
  });
}
