import { HeraldAuthenticationError, HeraldClient, type Notification, type Subscription } from '@herald/client';
import { directionOf, stringsFor, type InboxStrings } from './i18n';
import { archiveItem, markAllRead, openItem, snoozeItem, takeAction, type InboxHost } from './inbox-actions';
import { openInboxChannel, type ChannelMessage } from './inbox-channel';
import { InboxFeed, type FeedView, type Placement } from './inbox-feed';
import { onBellKey, onPanelKey } from './inbox-keyboard';
import { INBOX_SHELL } from './inbox-shell';
import { labelPanel, renderPanel, showBadge, type FeedState } from './inbox-view';
import type { RenderItem } from './item-view';
import { renderPreferencePanel } from './preference-panel';
import { enablePush } from './push-button';
import { readTabCounts, renderTabBar } from './tab-bar';
import { parseTabs, type FeedFilter, type InboxTab } from './tabs';
import { updateSelected } from './selection';
import { showToast, toastSeconds } from './toast';
import { relativeTime } from './view-model';
import { withAuth } from './with-auth';

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
  private readonly feed = new InboxFeed();
  private client: HeraldClient | null = null;
  private subscription: Subscription | null = null;
  private channel: BroadcastChannel | null = null;
  private view: FeedView = 'inbox';
  private settingsOpen = false;
  private tabList: InboxTab[] = [];
  private activeTab = 0;
  private tabCounts: number[] = [];
  private loading = false;
  private unread = 0;
  private unseen = 0;
  private overrides: Partial<InboxStrings> = {};
  private t: InboxStrings = stringsFor(undefined);
  private state: FeedState = 'loading';
  private timer: ReturnType<typeof setInterval> | null = null;
  private observer: IntersectionObserver | null = null;
  private started = false;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = INBOX_SHELL;
    const keys = { root: this.root, panel: this.$('.panel'), toggle: (open: boolean) => this.toggle(open) };
    this.$('.bell').addEventListener('click', () => this.toggle());
    this.$('.mark-all').addEventListener('click', () => void markAllRead(this.host));
    this.$('.push-button').addEventListener('click', () => void this.enablePush());
    for (const button of this.root.querySelectorAll<HTMLElement>('.view')) button.addEventListener('click', () => this.showView(button.dataset.view as FeedView));
    this.$('.settings').addEventListener('click', () => this.showSettings(!this.settingsOpen));
    this.$('.bulk-read').addEventListener('click', () => void updateSelected(this.host, { read: true }));
    this.$('.bulk-archive').addEventListener('click', () => void updateSelected(this.host, { archived: this.view === 'inbox' }));
    this.$('.panel').addEventListener('keydown', (e) => onPanelKey(e as KeyboardEvent, keys));
    this.$('.bell').addEventListener('keydown', (e) => onBellKey(e as KeyboardEvent, keys));
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
    if (this.started) this.reload();
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

  private get recipientId(): string {
    return this.getAttribute('recipient-id') ?? '';
  }

  private get pageSize(): number {
    return Math.min(100, Math.max(1, Number(this.getAttribute('page-size')) || 20));
  }

  private get archivedQuery(): { archived?: 'true' } {
    return this.view === 'archived' ? { archived: 'true' } : {};
  }

  /** The shown tab's filter (none without tabs). */
  private get filter(): FeedFilter {
    return this.tabList[this.activeTab]?.filter ?? {};
  }

  /** What the item and bulk actions (inbox-actions.ts) use of the element. */
  private get host(): InboxHost {
    return {
      client: this.client!,
      recipientId: this.recipientId,
      feed: this.feed,
      view: this.view,
      filter: this.filter,
      run: (request, fail) => this.withAuth(request, fail),
      place: (n, how) => this.place(n, how),
      broadcast: (msg) => this.channel?.postMessage(msg),
      setUnread: (count, broadcast) => this.setUnread(count, broadcast),
      readCounts: () => this.readCounts(),
      render: () => this.render(),
      dispatchEvent: (event) => this.dispatchEvent(event),
    };
  }

  /** Puts the locale's texts and direction on everything shown. */
  private applyStrings(): void {
    const lang = this.locale ?? document.documentElement.lang;
    this.t = stringsFor(lang, this.overrides);
    labelPanel(this.root, this.t, this.view, { given: this.locale, dir: directionOf(lang) });
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
    this.reload();
    this.subscription = this.client.subscribe(recipientId, {
      notification: (n) => {
        const known = this.feed.has(n.id);
        this.place(n, 'arrived');
        if (!known && this.hasAttribute('toasts') && this.$('.panel').hidden) showToast(this.$('.toasts'), n, toastSeconds(this.getAttribute('toasts')), () => this.toggle(true));
      },
      updated: (n) => this.place(n, 'changed'),
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
    this.channel = openInboxChannel(baseUrl, recipientId, (msg) => this.onChannel(msg));
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

  /** Runs `fn` with a fresh token on 401; a failure goes to `fail` (default: the feed's error state). */
  private withAuth<T>(fn: () => Promise<T>, fail: (err: unknown) => void = (err) => this.fail(err)): Promise<T | undefined> {
    return withAuth(fn, () => this.refreshToken(), fail);
  }

  private fail(err: unknown): void {
    this.setState('error');
    this.dispatchEvent(new CustomEvent('herald-error', { detail: err }));
  }

  /** Shows the feed (`inbox`) or the archived notifications (`archived`), from their first page. */
  private showView(view: FeedView): void {
    this.showSettings(false);
    if (view === this.view) return;
    this.view = view;
    for (const button of this.root.querySelectorAll<HTMLElement>('.view')) button.setAttribute('aria-pressed', String(button.dataset.view === view));
    this.applyStrings();
    this.reload();
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

  private showTab(index: number): void {
    if (index === this.activeTab) return;
    this.activeTab = index;
    this.reload();
  }

  /** Each tab's unread count (tab-bar.ts), read again with every change of the unread count. */
  private async loadTabCounts(): Promise<void> {
    if (this.tabList.length === 0 || !this.client) return;
    const client = this.client;
    const counts = await this.withAuth(() => readTabCounts(client, this.recipientId, this.tabList), () => undefined);
    if (!counts) return;
    this.tabCounts = counts;
    this.renderTabs();
  }

  private renderTabs(): void {
    renderTabBar(this.$('.tabs'), { tabs: this.tabList, active: this.activeTab, counts: this.tabCounts, label: this.t.tabs, select: (i) => this.showTab(i) });
  }

  /** The first page again, with the status saying it is loading. */
  private reload(): void {
    this.setState('loading');
    void this.withAuth(() => this.loadFirst());
  }

  private async loadFirst(): Promise<void> {
    const client = this.client!;
    this.feed.reset();
    const [page, counts] = await Promise.all([
      client.notifications.page(this.recipientId, { limit: this.pageSize, ...this.archivedQuery, ...this.filter }),
      client.notifications.counts(this.recipientId),
    ]);
    this.feed.reset(page.data);
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
    const cursor = this.feed.cursor;
    if (this.loading || this.feed.exhausted || !cursor || this.state === 'loading') return;
    this.loading = true;
    try {
      await this.withAuth(async () => {
        const page = await this.client!.notifications.page(this.recipientId, { limit: this.pageSize, cursor, ...this.archivedQuery, ...this.filter });
        this.feed.append(page.data);
        this.render();
      });
    } finally {
      this.loading = false;
    }
  }

  /** A notification that arrived or changed, placed in the shown view (inbox-feed.ts), then drawn. */
  private place(n: Notification, how: Placement): void {
    this.feed.place(n, how, this.view, this.filter);
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

  private showCount(): void {
    showBadge(this.root, this.t, this.countsUnseen ? this.unseen : this.unread, this.countsUnseen);
  }

  private setState(state: FeedState): void {
    this.state = state;
    this.render();
  }

  private onChannel(msg: ChannelMessage): void {
    if (msg.type === 'updated') this.place(msg.notification, 'changed');
    else if (msg.type === 'all-read') {
      this.feed.markRead(msg.filter);
      this.render();
    } else if (msg.type === 'count') this.setUnread(msg.count);
    else if (msg.type === 'unseen') this.setUnseen(msg.count);
  }

  /** Reads the counts back after a change the live stream may or may not have told already. */
  private async readCounts(): Promise<void> {
    const counts = await this.withAuth(() => this.client!.notifications.counts(this.recipientId));
    if (!counts) return;
    this.setUnseen(counts.data.unseen_count, true);
    this.setUnread(counts.data.unread_count, true);
  }

  /** Opt-in web push (attribute `push`; its value, when not empty, is the service worker URL). */
  private enablePush(): Promise<void> {
    return enablePush({
      client: this.client!,
      recipientId: this.recipientId,
      serviceWorkerUrl: this.getAttribute('push') || '/herald-sw.js',
      parts: { button: this.$<HTMLButtonElement>('.push-button'), status: this.$('.push-status') },
      strings: this.t,
      refreshToken: () => this.refreshToken(),
      enabled: (endpoint) => this.dispatchEvent(new CustomEvent('herald-push', { detail: { endpoint } })),
    });
  }

  private renderTimes(): void {
    for (const el of this.root.querySelectorAll<HTMLElement>('time[datetime]')) el.textContent = relativeTime(el.getAttribute('datetime')!, Date.now(), this.locale);
  }

  private render(): void {
    this.renderTabs();
    renderPanel(this.root, {
      strings: this.t,
      state: this.state,
      feed: this.feed,
      view: this.view,
      settingsOpen: this.settingsOpen,
      unread: this.unread,
      push: this.hasAttribute('push'),
      retry: () => this.reload(),
      items: {
        strings: this.t,
        locale: this.locale,
        renderItem: this.renderItem,
        open: (n) => void openItem(this.host, n),
        archive: (n) => void archiveItem(this.host, n),
        selected: this.feed.selected,
        select: (n, on) => {
          this.feed.select(n.id, on);
          this.render();
        },
        act: (n, action) => void takeAction(this.host, n, action),
        snooze: (n, choice) => void snoozeItem(this.host, n, choice),
      },
    });
  }
}

/** Registers the element (once) under `name`. */
export function defineHeraldInbox(name = 'herald-inbox'): void {
  if (!customElements.get(name)) customElements.define(name, HeraldInbox);
}
