import { fillPath, HeraldAuthenticationError, HeraldClient, type Notification, type Subscription } from '@herald/client';
import { directionOf, stringsFor, withCount, type InboxStrings } from './i18n';
import { showPushOutcome } from './push-button';
import { pushOutcome, type PushFailure } from './push-outcome';
import { renderPreferencePanel } from './preference-panel';
import { INBOX_SHELL } from './inbox-shell';
import { renderTabBar } from './tab-bar';
import { inFilter, parseTabs, type FeedFilter, type InboxTab } from './tabs';
import { snoozeUntil, type SnoozeChoice } from './snooze';
import { showToast, toastSeconds } from './toast';
import { renderItemView, type ItemViewOptions, type RenderItem } from './item-view';
import { badgeText, contentOf, relativeTime, type ItemAction } from './view-model';

type FeedView = 'inbox' | 'archived';
type ChannelMessage = { type: 'updated'; notification: Notification } | { type: 'all-read'; filter: FeedFilter } | { type: 'count'; count: number } | { type: 'unseen'; count: number };


/**
 * `<herald-inbox base-url="…" recipient-id="…" token="nk_tok_…">`: a bell with the unread badge
 * and a panel with the recipient's feed, live. Built on @herald/client. Attributes: `base-url`,
 * `recipient-id`, `token`, `page-size` (default 20), `open` (panel shown), `push` (opt-in web push:
 * the panel offers "Enable push notifications", which asks the browser's permission and stores the
 * subscription as the recipient's web_push contact; its value, when not empty, is the service
 * worker URL, default `/herald-sw.js` on the page's origin: a copy of the gateway's
 * `/push/herald-sw.js`). Events: `herald-push` (detail: {endpoint}) once push is on. Properties:
 * `tokenProvider` (async () => a fresh token, called when the gateway answers 401),
 * `renderItem` (custom rendering), `strings` (texts overriding the locale's dictionary). Events:
 * `herald-open` (detail: notification) before following a url. `locale` (default: the page's
 * language) picks the texts, the relative times and the writing direction. `badge="unseen"` counts
 * notifications not seen yet (opening the panel marks them seen) instead of unread ones.
 * `theme="light|dark|auto"` (default auto: `prefers-color-scheme`). `toasts` (optional seconds):
 * a notification arriving while the panel is closed is shown as a toast. The panel switches between
 * the feed and the archived notifications, acts on several selected items at once, and its gear
 * shows the recipient's preferences and lists (preference-panel.ts). Theming: CSS custom properties
 * `--herald-*` and parts `bell`, `badge`, `panel`, `header`,
 * `mark-all`, `status`, `list`, `item`, `item-unread`, `title`, `body`, `time`, `avatar`, `empty`,
 * `push-status`, `item-actions`, `action`, `snooze`, `snooze-button`, `snooze-option`, `archive` (each item's payload actions, its snooze menu and its Archive button),
 * `views`, `view-inbox`, `view-archived`, `select`, `bulk`, `bulk-read`, `bulk-archive`, `settings`,
 * `preferences` (and the `preference*` parts inside), `toasts`, `toast`, `tabs`, `tab`, `tab-count`.
 * `tabs` (attribute as JSON, or property): `[{label, filter: {channel?, topic?, event?}}]`, each with its count.
 */
export class HeraldInbox extends HTMLElement {
  static observedAttributes = ['base-url', 'recipient-id', 'token', 'open', 'locale', 'badge', 'tabs'];

  tokenProvider: (() => Promise<string> | string) | null = null;
  renderItem: RenderItem | null = null;

  private readonly root: ShadowRoot;
  private client: HeraldClient | null = null;
  private subscription: Subscription | null = null;
  private channel: BroadcastChannel | null = null;
  private items: Notification[] = [];
  private view: FeedView = 'inbox';
  private settingsOpen = false;
  private tabList: InboxTab[] = [];
  private activeTab = 0;
  private tabCounts: number[] = [];
  private readonly selected = new Set<number>();
  private cursor: string | null = null;
  private exhausted = false;
  private loading = false;
  private unread = 0;
  private unseen = 0;
  private overrides: Partial<InboxStrings> = {};
  private t: InboxStrings = stringsFor(undefined);
  private state: 'loading' | 'ready' | 'error' | 'reconnecting' = 'loading';
  private timer: ReturnType<typeof setInterval> | null = null;
  private observer: IntersectionObserver | null = null;
  private started = false;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = INBOX_SHELL;
    this.$('.bell').addEventListener('click', () => this.toggle());
    this.$('.mark-all').addEventListener('click', () => void this.markAllRead());
    this.$('.push-button').addEventListener('click', () => void this.enablePush());
    for (const button of this.root.querySelectorAll<HTMLElement>('.view')) button.addEventListener('click', () => this.showView(button.dataset.view as FeedView));
    this.$('.settings').addEventListener('click', () => this.showSettings(!this.settingsOpen));
    this.$('.bulk-read').addEventListener('click', () => void this.updateSelected({ read: true }));
    this.$('.bulk-archive').addEventListener('click', () => void this.updateSelected({ archived: this.view === 'inbox' }));
    this.$('.panel').addEventListener('keydown', (e) => this.onKey(e as KeyboardEvent));
    this.$('.bell').addEventListener('keydown', (e) => this.onBellKey(e as KeyboardEvent));
    this.applyStrings();
  }

  private $<T extends HTMLElement = HTMLElement>(sel: string): T {
    return this.root.querySelector(sel) as T;
  }

  connectedCallback(): void {
    this.start();
  }

  disconnectedCallback(): void {
    this.stop();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    if (name === 'open') {
      this.toggle(value !== null, false);
      return;
    }
    if (name === 'tabs') {
      this.tabs = parseTabs(value);
      return;
    }
    if (name === 'locale' || name === 'badge') {
      this.applyStrings();
      return;
    }
    // Attributes set after insertion start it; another recipient or gateway starts over (a new
    // token alone is picked up by the next request).
    if (!this.started) this.start();
    else if (name !== 'token') {
      this.stop();
      this.start();
    }
  }

  get unreadCount(): number {
    return this.unread;
  }

  /** The tabs (`[{label, filter: {channel?, topic?, event?}}]`, also the `tabs` attribute as JSON); the first is shown. */
  get tabs(): InboxTab[] {
    return this.tabList;
  }

  set tabs(tabs: InboxTab[]) {
    this.tabList = parseTabs(tabs);
    this.activeTab = 0;
    this.tabCounts = [];
    if (!this.started) return;
    this.setState('loading');
    void this.withAuth(() => this.loadFirst());
  }

  /** The texts in use: the locale's dictionary with the page's overrides. */
  get strings(): InboxStrings {
    return this.t;
  }

  set strings(overrides: Partial<InboxStrings>) {
    this.overrides = overrides;
    this.applyStrings();
  }

  private get locale(): string | undefined {
    return this.getAttribute('locale') || undefined;
  }

  private get countsUnseen(): boolean {
    return this.getAttribute('badge') === 'unseen';
  }

  /** Puts the locale's texts and direction on everything shown. */
  private applyStrings(): void {
    this.t = stringsFor(this.locale ?? document.documentElement.lang, this.overrides);
    const panel = this.$('.panel');
    panel.dir = directionOf(this.locale ?? document.documentElement.lang);
    if (this.locale) panel.lang = this.locale;
    panel.setAttribute('aria-label', this.t.notifications);
    this.$('.heading').textContent = this.t.notifications;
    this.$('.mark-all').textContent = this.t.markAllRead;
    this.$('.push-button').textContent = this.t.enablePush;
    this.$('.empty').textContent = this.view === 'inbox' ? this.t.empty : this.t.emptyArchived;
    this.$('[data-view="inbox"]').textContent = this.t.inbox;
    this.$('[data-view="archived"]').textContent = this.t.archived;
    this.$('.bulk-read').textContent = this.t.markRead;
    this.$('.settings').setAttribute('aria-label', this.t.settings);
    this.showCount();
    if (this.started) this.render();
  }

  /** Opens or closes the panel. */
  toggle(open = this.$('.panel').hidden, reflect = true): void {
    this.$('.panel').hidden = !open;
    if (open) this.$('.toasts').replaceChildren();
    this.$('.bell').setAttribute('aria-expanded', String(open));
    if (reflect) this.toggleAttribute('open', open);
    if (open) {
      this.render();
      void this.markSeen();
    } else if (reflect) this.$('.bell').focus();
  }

  /** With `badge="unseen"`, opening the panel marks the feed seen (read flags stay) and clears the badge. */
  private async markSeen(): Promise<void> {
    if (!this.countsUnseen || this.unseen === 0 || !this.client) return;
    const res = await this.withAuth(() => this.client!.notifications.markAllSeen(this.recipientId));
    if (res) this.setUnseen(0, true);
  }

  private start(): void {
    const baseUrl = this.getAttribute('base-url') ?? '';
    const recipientId = this.getAttribute('recipient-id');
    if (!recipientId || !this.isConnected) return;
    this.started = true;
    this.client = new HeraldClient({ baseUrl: baseUrl || location.origin, apiKey: () => this.getAttribute('token') ?? '' });
    this.setState('loading');
    void this.withAuth(() => this.loadFirst());
    this.subscription = this.client.subscribe(recipientId, {
      notification: (n) => {
        const known = this.items.some((x) => x.id === n.id);
        this.upsert(n, 'arrived');
        if (!known && this.hasAttribute('toasts') && this.$('.panel').hidden) showToast(this.$('.toasts'), n, toastSeconds(this.getAttribute('toasts')), () => this.toggle(true));
      },
      updated: (n) => this.upsert(n, 'changed'),
      unreadCount: (c) => {
        this.setUnread(c);
        if (this.countsUnseen) void this.withAuth(() => this.loadUnseen());
      },
      reset: () => void this.loadFirst(),
      state: (s) => this.setState(s === 'reconnecting' ? 'reconnecting' : s === 'open' && this.state !== 'error' ? 'ready' : this.state),
      error: (e) => {
        if (e instanceof HeraldAuthenticationError) void this.refreshToken();
      },
    });
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(`herald-inbox:${baseUrl}:${recipientId}`);
      this.channel.onmessage = (e: MessageEvent<ChannelMessage>) => this.onChannel(e.data);
    }
    this.timer = setInterval(() => this.renderTimes(), 30_000);
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void this.loadMore();
    }, { root: this.$('.panel') });
    this.observer.observe(this.$('.sentinel'));
  }

  private stop(): void {
    this.started = false;
    this.subscription?.close();
    this.subscription = null;
    this.channel?.close();
    this.channel = null;
    if (this.timer) clearInterval(this.timer);
    this.observer?.disconnect();
  }

  private async refreshToken(): Promise<boolean> {
    if (!this.tokenProvider) return false;
    this.setAttribute('token', await this.tokenProvider());
    return true;
  }

  /** Runs `fn`; on a 401 refreshes the token (when a provider is set) and runs it once more; a failure goes to `fail` (default: the feed's error state). */
  private async withAuth<T>(fn: () => Promise<T>, fail: (err: unknown) => void = (err) => this.fail(err)): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof HeraldAuthenticationError && (await this.refreshToken())) {
        try {
          return await fn();
        } catch (again) {
          fail(again);
          return undefined;
        }
      }
      fail(err);
      return undefined;
    }
  }

  private fail(err: unknown): void {
    this.setState('error');
    this.dispatchEvent(new CustomEvent('herald-error', { detail: err }));
  }

  private get recipientId(): string {
    return this.getAttribute('recipient-id') ?? '';
  }

  private get pageSize(): number {
    return Math.min(100, Math.max(1, Number(this.getAttribute('page-size')) || 20));
  }

  /** Shows the feed (`inbox`) or the archived notifications (`archived`), from their first page. */
  private showView(view: FeedView): void {
    this.showSettings(false);
    if (view === this.view) return;
    this.view = view;
    for (const button of this.root.querySelectorAll<HTMLElement>('.view')) button.setAttribute('aria-pressed', String(button.dataset.view === view));
    this.applyStrings();
    this.setState('loading');
    void this.withAuth(() => this.loadFirst());
  }

  /** The gear: the recipient's own preferences and lists in place of the feed (loaded each time it opens). */
  private showSettings(open: boolean): void {
    if (open === this.settingsOpen) return;
    this.settingsOpen = open;
    this.$('.settings').setAttribute('aria-pressed', String(open));
    this.render();
    if (!open || !this.client) return;
    const run = <T>(request: () => Promise<T>) => this.withAuth(request, () => undefined);
    void renderPreferencePanel(this.$('.preferences'), { client: this.client, recipientId: this.recipientId, strings: this.t, run });
  }

  private get archivedQuery(): { archived?: 'true' } {
    return this.view === 'archived' ? { archived: 'true' } : {};
  }

  /** The shown tab's filter (none without tabs). */
  private get filter(): FeedFilter {
    return this.tabList[this.activeTab]?.filter ?? {};
  }

  private showTab(index: number): void {
    if (index === this.activeTab) return;
    this.activeTab = index;
    this.setState('loading');
    void this.withAuth(() => this.loadFirst());
  }

  /** Each tab's unread count: the counts endpoint with the tab's `channel`, `topic`, `event`. */
  private async loadTabCounts(): Promise<void> {
    if (this.tabList.length === 0 || !this.client) return;
    const path = fillPath('/recipients/{recipient_id}/notifications/counts', { recipient_id: this.recipientId });
    const client = this.client;
    const counts = await this.withAuth(
      () => Promise.all(this.tabList.map((tab) => client.transport.request<{ data: { unread_count: number } }>('GET', path, { query: { ...tab.filter } }))),
      () => undefined,
    );
    if (!counts) return;
    this.tabCounts = counts.map((c) => c.data.unread_count);
    this.renderTabs();
  }

  private renderTabs(): void {
    renderTabBar(this.$('.tabs'), { tabs: this.tabList, active: this.activeTab, counts: this.tabCounts, label: this.t.tabs, select: (i) => this.showTab(i) });
  }

  private async loadFirst(): Promise<void> {
    const client = this.client!;
    this.items = [];
    this.selected.clear();
    this.cursor = null;
    this.exhausted = false;
    const [page, counts] = await Promise.all([
      client.notifications.page(this.recipientId, { limit: this.pageSize, ...this.archivedQuery, ...this.filter }),
      client.notifications.counts(this.recipientId),
    ]);
    this.items = page.data.notifications;
    this.cursor = page.data.next_cursor;
    this.exhausted = this.cursor === null;
    this.unseen = counts.data.unseen_count;
    this.setUnread(counts.data.unread_count);
    this.setState('ready');
    if (!this.$('.panel').hidden) await this.markSeen();
  }

  /** Reads the unseen count back; what arrives while the panel is open is seen at once. */
  private async loadUnseen(): Promise<void> {
    const counts = await this.client!.notifications.counts(this.recipientId);
    this.setUnseen(counts.data.unseen_count);
    if (!this.$('.panel').hidden) await this.markSeen();
  }

  private async loadMore(): Promise<void> {
    if (this.loading || this.exhausted || !this.cursor || this.state === 'loading') return;
    this.loading = true;
    try {
      await this.withAuth(async () => {
        const page = await this.client!.notifications.page(this.recipientId, { limit: this.pageSize, cursor: this.cursor!, ...this.archivedQuery, ...this.filter });
        const known = new Set(this.items.map((n) => n.id));
        this.items.push(...page.data.notifications.filter((n) => !known.has(n.id)));
        this.cursor = page.data.next_cursor;
        this.exhausted = this.cursor === null;
        this.render();
      });
    } finally {
      this.loading = false;
    }
  }

  /**
   * A notification that arrived or changed: shown, replaced in place or dropped as it now belongs to
   * the view. One that `arrived` (a new send, or one whose snooze ended) goes on top, as the feed has
   * it; one `restored` (a refused snooze) and one that changed into the view (archived or unarchived
   * elsewhere) go before the first older id where the pages loaded so far reach; older ones come
   * with the next pages.
   */
  private upsert(n: Notification, how: 'arrived' | 'restored' | 'changed'): void {
    const i = this.items.findIndex((x) => x.id === n.id);
    const oldest = this.items.at(-1)?.id ?? 0;
    if (Boolean(n.archived) !== (this.view === 'archived') || n.snoozed_until || !inFilter(n, this.filter)) {
      this.items = this.items.filter((x) => x.id !== n.id);
      this.selected.delete(n.id);
    } else if (i >= 0) this.items[i] = n;
    else if (how === 'arrived') this.items.unshift(n);
    else if (how === 'restored' || this.exhausted || n.id > oldest) {
      const at = this.items.findIndex((x) => x.id < n.id);
      this.items.splice(at === -1 ? this.items.length : at, 0, n);
    }
    this.render();
  }

  private setUnread(count: number, broadcast = false): void {
    this.unread = count;
    this.showCount();
    void this.loadTabCounts();
    if (broadcast) this.channel?.postMessage({ type: 'count', count } satisfies ChannelMessage);
  }

  private setUnseen(count: number, broadcast = false): void {
    this.unseen = count;
    this.showCount();
    if (broadcast) this.channel?.postMessage({ type: 'unseen', count } satisfies ChannelMessage);
  }

  /** The badge and the bell's label: the unread count, or the unseen one with `badge="unseen"`. */
  private showCount(): void {
    const unseen = this.countsUnseen;
    const count = unseen ? this.unseen : this.unread;
    const badge = this.$('.badge');
    badge.textContent = badgeText(count);
    badge.hidden = count <= 0;
    const label = count === 0 ? (unseen ? this.t.noneUnseen : this.t.noneUnread) : withCount(unseen ? this.t.unseenLabel : this.t.unreadLabel, count);
    this.$('.bell').setAttribute('aria-label', label);
    this.$('.sr').textContent = label;
  }

  private setState(state: HeraldInbox['state']): void {
    this.state = state;
    this.render();
  }

  private onChannel(msg: ChannelMessage): void {
    if (msg.type === 'updated') this.upsert(msg.notification, 'changed');
    else if (msg.type === 'all-read') {
      this.items = this.items.map((n) => (inFilter(n, msg.filter) ? { ...n, read: true } : n));
      this.render();
    } else if (msg.type === 'count') this.setUnread(msg.count);
    else if (msg.type === 'unseen') this.setUnseen(msg.count);
  }

  /** Marks read and opened, tells the other tabs, then follows the payload's url if any. */
  private async open(n: Notification): Promise<void> {
    if (!n.read || !n.opened) {
      const res = await this.withAuth(() => this.client!.notifications.update(this.recipientId, n.id, { read: true, opened: true }));
      if (res) {
        this.upsert(res.data, 'changed');
        this.channel?.postMessage({ type: 'updated', notification: res.data } satisfies ChannelMessage);
        // The count is read back, not decremented here: the live stream may have told it already.
        if (!n.read) {
          const count = await this.withAuth(() => this.client!.notifications.unreadCount(this.recipientId));
          if (count) this.setUnread(count.data.unread_count, true);
        }
      }
    }
    const url = contentOf(n).url;
    if (url && this.dispatchEvent(new CustomEvent('herald-open', { detail: n, cancelable: true }))) location.assign(url);
  }

  /** Opt-in web push (attribute `push`): permission, service worker, subscription stored as the recipient's web_push contact. */
  private async enablePush(): Promise<void> {
    const button = this.$<HTMLButtonElement>('.push-button');
    button.disabled = true;
    this.showPushOutcome(null);
    const enable = () => this.client!.push.enable(this.recipientId, { serviceWorkerUrl: this.getAttribute('push') || '/herald-sw.js' });
    try {
      // Not through withAuth: a refusal is said next to the button, not as a feed that failed to load.
      const res = await enable().catch(async (err: unknown) => {
        if (err instanceof HeraldAuthenticationError && (await this.refreshToken())) return enable();
        throw err;
      });
      this.showPushOutcome('enabled');
      this.dispatchEvent(new CustomEvent('herald-push', { detail: { endpoint: res.endpoint } }));
    } catch (err) {
      this.showPushOutcome(pushOutcome(err, globalThis));
    }
  }

  private showPushOutcome(outcome: PushFailure | 'enabled' | null): void {
    showPushOutcome({ button: this.$<HTMLButtonElement>('.push-button'), status: this.$('.push-status') }, this.t, outcome);
  }

  /** Archives the item (unarchives it in the archived view): out of this view here and in the other tabs. */
  private async archive(n: Notification): Promise<void> {
    const res = await this.withAuth(() => this.client!.notifications.archive(this.recipientId, n.id, !n.archived));
    if (!res) return;
    this.upsert(res.data, 'changed');
    this.channel?.postMessage({ type: 'updated', notification: res.data } satisfies ChannelMessage);
    if (!n.read) await this.readCounts();
  }

  private select(n: Notification, on: boolean): void {
    if (on) this.selected.add(n.id);
    else this.selected.delete(n.id);
    this.render();
  }

  /** Marks the selected items read, or (un)archives them, in one bulk request; the counts are read back. */
  private async updateSelected(change: { read: true } | { archived: boolean }): Promise<void> {
    const ids = [...this.selected];
    const res = await this.withAuth(() => this.client!.notifications.updateMany(this.recipientId, { ids, ...change }));
    if (!res) return;
    this.selected.clear();
    for (const { notification } of res.data.results) {
      if (!notification) continue;
      this.upsert(notification, 'changed');
      this.channel?.postMessage({ type: 'updated', notification } satisfies ChannelMessage);
    }
    this.render();
    await this.readCounts();
  }

  /** An action with a url opens it; one without is recorded (`takeAction`) and shown as taken. */
  private async act(n: Notification, action: ItemAction): Promise<void> {
    if (action.url) {
      location.assign(action.url);
      return;
    }
    const res = await this.withAuth(() => this.client!.notifications.takeAction(this.recipientId, n.id, action.id));
    if (!res) return;
    this.upsert(res.data, 'changed');
    this.channel?.postMessage({ type: 'updated', notification: res.data } satisfies ChannelMessage);
  }

  /** Reads the counts back after a change the live stream may or may not have told already. */
  private async readCounts(): Promise<void> {
    const counts = await this.withAuth(() => this.client!.notifications.counts(this.recipientId));
    if (!counts) return;
    this.setUnseen(counts.data.unseen_count, true);
    this.setUnread(counts.data.unread_count, true);
  }

  /** Marks read what the shown tab shows (the whole feed without tabs); the counts are read back. */
  private async markAllRead(): Promise<void> {
    const filter = this.filter;
    const res = await this.withAuth(() => this.client!.notifications.markAllRead(this.recipientId, filter));
    if (!res) return;
    this.items = this.items.map((n) => ({ ...n, read: true }));
    this.channel?.postMessage({ type: 'all-read', filter } satisfies ChannelMessage);
    this.render();
    await this.readCounts();
  }

  /** Snoozes the item: it leaves the list at once, and comes back when the gateway refuses. */
  private async snooze(n: Notification, choice: SnoozeChoice): Promise<void> {
    this.items = this.items.filter((x) => x.id !== n.id);
    this.selected.delete(n.id);
    this.render();
    const refused = (err: unknown) => this.dispatchEvent(new CustomEvent('herald-error', { detail: err }));
    const res = await this.withAuth(() => this.client!.notifications.snooze(this.recipientId, n.id, snoozeUntil(choice, new Date())), refused);
    if (!res) {
      this.upsert(n, 'restored');
      return;
    }
    this.channel?.postMessage({ type: 'updated', notification: res.data } satisfies ChannelMessage);
    await this.readCounts();
  }

  /** Escape closes; ArrowDown opens the panel if need be and moves focus to the first item. */
  private onBellKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') this.toggle(false);
    else if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (this.$('.panel').hidden) this.toggle(true);
      this.root.querySelector<HTMLElement>('.item')?.focus();
    }
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      this.toggle(false);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...this.root.querySelectorAll<HTMLElement>('.item')];
    const at = buttons.indexOf(this.root.activeElement as HTMLElement);
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    next?.focus();
    e.preventDefault();
  }

  private renderTimes(): void {
    for (const el of this.root.querySelectorAll<HTMLElement>('time[datetime]')) el.textContent = relativeTime(el.getAttribute('datetime')!, Date.now(), this.locale);
  }

  private render(): void {
    const status = this.$('.status');
    const text = { loading: this.t.loading, ready: '', error: this.t.loadError, reconnecting: this.t.reconnecting }[this.state];
    status.hidden = text === '';
    status.textContent = text;
    status.dataset.state = this.state;
    if (this.state === 'error') {
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.textContent = this.t.retry;
      retry.addEventListener('click', () => {
        this.setState('loading');
        void this.withAuth(() => this.loadFirst());
      });
      status.append(' ', retry);
    }
    const settings = this.settingsOpen;
    this.$('.preferences').hidden = !settings;
    this.$('.list').hidden = settings;
    this.$('.empty').hidden = settings || !(this.state === 'ready' || this.state === 'reconnecting') || this.items.length > 0;
    this.$<HTMLButtonElement>('.mark-all').disabled = this.unread === 0;
    this.$('.push').hidden = !this.hasAttribute('push');
    this.$('.bulk').hidden = settings || this.selected.size === 0;
    this.renderTabs();
    this.$('.bulk-count').textContent = withCount(this.t.selectedCount, this.selected.size);
    this.$('.bulk-archive').textContent = this.view === 'inbox' ? this.t.archive : this.t.unarchive;
    if (this.$('.panel').hidden) return;
    const list = this.$('.list');
    const focused = (this.root.activeElement as HTMLElement | null)?.dataset?.id;
    const options: ItemViewOptions = {
      strings: this.t,
      locale: this.locale,
      renderItem: this.renderItem,
      open: (n) => void this.open(n),
      archive: (n) => void this.archive(n),
      selected: this.selected,
      select: (n, on) => this.select(n, on),
      act: (n, action) => void this.act(n, action),
      snooze: (n, choice) => void this.snooze(n, choice),
    };
    list.replaceChildren(...this.items.map((n) => renderItemView(n, options)));
    if (focused) (list.querySelector(`[data-id="${focused}"]`) as HTMLElement | null)?.focus();
  }
}

/** Registers the element (once) under `name`. */
export function defineHeraldInbox(name = 'herald-inbox'): void {
  if (!customElements.get(name)) customElements.define(name, HeraldInbox);
}
