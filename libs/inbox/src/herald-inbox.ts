import { HeraldClient, inboxApiOf, withFreshToken, withSharedStream, withTokenRefresh, type InboxApi, type InboxChange, type Subscription } from '@herald/client';
import { directionOf, stringsFor, type InboxStrings } from './i18n';
import { archiveItem, markAllRead, openItem, snoozeItem, takeAction, updateSelected, type InboxHost } from './inbox-actions';
import { openInboxChannel } from './inbox-channel';
import { onBellKey, onPanelKey } from './inbox-keyboard';
import { INBOX_SHELL } from './inbox-shell';
import { InboxStores, type FeedView } from './inbox-stores';
import { feedStateOf, labelPanel, renderPanel, showBadge } from './inbox-view';
import type { RenderItem } from './item-view';
import { renderPreferencePanel } from './preference-panel';
import { enablePush } from './push-button';
import { renderTabBar } from './tab-bar';
import { parseTabs, type InboxTab } from './tabs';
import { showToast, toastSeconds } from './toast';
import { relativeTime } from './view-model';

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
  private api: InboxApi | null = null;
  /** The pages, counts and live updates of each view (inbox-stores.ts, over @herald/client's inbox store). */
  private stores: InboxStores | null = null;
  private arrivals: Subscription | null = null;
  private channel: BroadcastChannel | null = null;
  private view: FeedView = 'inbox';
  private settingsOpen = false;
  private tabList: InboxTab[] = [];
  private activeTab = 0;
  private overrides: Partial<InboxStrings> = {};
  private t: InboxStrings = stringsFor(undefined);
  private timer: ReturnType<typeof setInterval> | null = null;
  private observer: IntersectionObserver | null = null;
  private started = false;
  private markingSeen = false;
  private lastError: unknown = null;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = INBOX_SHELL;
    const keys = { root: this.root, panel: this.$('.panel'), toggle: (open: boolean) => this.toggle(open) };
    const act = (action: (host: InboxHost) => Promise<void>) => () => void (this.host && action(this.host));
    this.$('.bell').addEventListener('click', () => this.toggle());
    this.$('.mark-all').addEventListener('click', act((host) => markAllRead(host, this.tabList[this.activeTab]?.filter ?? {})));
    this.$('.push-button').addEventListener('click', () => void this.enablePush());
    for (const button of this.root.querySelectorAll<HTMLElement>('.view')) button.addEventListener('click', () => this.showView(button.dataset.view as FeedView));
    this.$('.settings').addEventListener('click', () => this.showSettings(!this.settingsOpen));
    this.$('.bulk-read').addEventListener('click', act((host) => updateSelected(host, { read: true })));
    this.$('.bulk-archive').addEventListener('click', act((host) => updateSelected(host, { archived: this.view === 'inbox' })));
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
    if (name === 'open') this.toggle(value !== null, false);
    else if (name === 'tabs') this.tabs = parseTabs(value);
    else if (name === 'locale' || name === 'badge') this.applyStrings();
    // Attributes set after insertion start it; another recipient or gateway starts over (a new
    // token alone is picked up by the next request).
    else if (!this.started) this.start();
    else if (name !== 'token') {
      this.stop();
      this.start();
    }
  }

  get unreadCount(): number {
    return this.stores?.feedCounts.unread ?? 0;
  }

  /** The tabs (`[{label, filter: {channel?, topic?, event?}}]`, also the `tabs` attribute as JSON); the first is shown. */
  get tabs(): InboxTab[] {
    return this.tabList;
  }

  set tabs(tabs: InboxTab[]) {
    this.tabList = parseTabs(tabs);
    this.activeTab = 0;
    this.stores?.start(this.tabList, this.view, 0);
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

  /** What the item and bulk actions (inbox-actions.ts) use of the element; null before it started. */
  private get host(): InboxHost | null {
    if (!this.client || !this.stores) return null;
    return {
      client: this.client,
      recipientId: this.recipientId,
      stores: this.stores,
      fresh: (request) => withFreshToken(request, () => this.refreshToken()),
      share: (change) => {
        this.stores?.applyAll(change);
        this.channel?.postMessage(change);
      },
      dispatchEvent: (event) => this.dispatchEvent(event),
    };
  }

  /** Puts the locale's texts and direction on everything shown. */
  private applyStrings(): void {
    const lang = this.locale ?? document.documentElement.lang;
    this.t = stringsFor(lang, this.overrides);
    labelPanel(this.root, this.t, this.view, { given: this.locale, dir: directionOf(lang) });
    this.render();
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

  private start(): void {
    const baseUrl = this.getAttribute('base-url') ?? '';
    const recipientId = this.getAttribute('recipient-id');
    if (!recipientId || !this.isConnected) return;
    this.started = true;
    this.client = new HeraldClient({ baseUrl: baseUrl || location.origin, apiKey: () => this.getAttribute('token') ?? '' });
    // One stream for every view, and a fresh token (tokenProvider) when the gateway answers 401.
    const api = withSharedStream(withTokenRefresh(inboxApiOf(this.client, recipientId), () => this.refreshToken()));
    this.api = api;
    // Heard before the views place it: a notification none of them lists yet is new.
    this.arrivals = api.subscribe({ notification: (n) => this.toast(n) });
    this.stores = new InboxStores(api, this.pageSize, () => this.changed());
    this.stores.start(this.tabList, this.view, this.activeTab);
    this.channel = openInboxChannel(baseUrl, recipientId, (change: InboxChange) => this.stores?.applyAll(change));
    this.timer = setInterval(() => this.renderTimes(), 30_000);
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && this.stores?.snapshot.status === 'ready') void this.stores.shown.loadMore();
    }, { root: this.$('.panel') });
    this.observer.observe(this.$('.sentinel'));
  }

  private stop(): void {
    this.started = false;
    this.stores?.stop();
    this.stores = null;
    this.api = null;
    this.arrivals?.close();
    this.arrivals = null;
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

  /** A notification arriving while the panel is closed, shown as a toast (attribute `toasts`). */
  private toast(n: Parameters<typeof showToast>[1]): void {
    if (!this.hasAttribute('toasts') || !this.$('.panel').hidden || this.stores?.has(n.id)) return;
    showToast(this.$('.toasts'), n, toastSeconds(this.getAttribute('toasts')), () => this.toggle(true));
  }

  /** After any change of a view: drawn again; a failure told (`herald-error`); what is unseen while the panel is open is seen. */
  private changed(): void {
    this.render();
    const snapshot = this.stores?.snapshot;
    if (snapshot?.error && snapshot.error !== this.lastError) this.dispatchEvent(new CustomEvent('herald-error', { detail: snapshot.error }));
    this.lastError = snapshot?.error ?? null;
    void this.markSeen();
  }

  /**
   * With `badge="unseen"`, an open panel marks the whole feed seen (read flags stay) and clears the
   * badge once the gateway did, here and in the other browser tabs.
   */
  private async markSeen(): Promise<void> {
    const { stores, api } = this;
    if (!stores || !api || !this.countsUnseen || this.markingSeen || this.$('.panel').hidden || stores.snapshot.status !== 'ready' || stores.feedCounts.unseen === 0) return;
    this.markingSeen = true;
    try {
      await api.markAllSeen();
      this.host?.share({ type: 'allSeen' });
    } catch (err) {
      this.dispatchEvent(new CustomEvent('herald-error', { detail: err }));
    } finally {
      this.markingSeen = false;
    }
  }

  /** Shows the feed (`inbox`) or the archived notifications (`archived`), from their first page. */
  private showView(view: FeedView): void {
    this.showSettings(false);
    if (view === this.view) return;
    this.view = view;
    for (const button of this.root.querySelectorAll<HTMLElement>('.view')) button.setAttribute('aria-pressed', String(button.dataset.view === view));
    this.applyStrings();
    this.stores?.show(view, this.activeTab);
  }

  /** The gear: the recipient's own preferences and lists in place of the feed (loaded each time it opens). */
  private showSettings(open: boolean): void {
    if (open === this.settingsOpen) return;
    this.settingsOpen = open;
    this.$('.settings').setAttribute('aria-pressed', String(open));
    this.render();
    if (!open || !this.client) return;
    const run = <T>(request: () => Promise<T>) => withFreshToken(request, () => this.refreshToken()).catch(() => undefined);
    void renderPreferencePanel(this.$('.preferences'), { client: this.client, recipientId: this.recipientId, strings: this.t, run });
  }

  private showTab(index: number): void {
    if (index === this.activeTab) return;
    this.activeTab = index;
    this.stores?.show(this.view, index);
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
    const stores = this.stores;
    const counts = stores?.feedCounts ?? { unread: 0, unseen: 0 };
    showBadge(this.root, this.t, this.countsUnseen ? counts.unseen : counts.unread, this.countsUnseen);
    renderTabBar(this.$('.tabs'), { tabs: this.tabList, active: this.activeTab, counts: stores?.tabCounts ?? [], label: this.t.tabs, select: (i) => this.showTab(i) });
    const snapshot = stores?.snapshot;
    const host = this.host;
    const run = (action: (host: InboxHost) => Promise<void>) => void (host && action(host));
    renderPanel(this.root, {
      strings: this.t,
      state: snapshot ? feedStateOf(snapshot) : 'loading',
      notifications: snapshot?.items ?? [],
      selected: stores?.selected ?? new Set(),
      view: this.view,
      settingsOpen: this.settingsOpen,
      unread: counts.unread,
      push: this.hasAttribute('push'),
      retry: () => void stores?.shown.refresh(),
      items: {
        strings: this.t,
        locale: this.locale,
        renderItem: this.renderItem,
        open: (n) => run((h) => openItem(h, n)),
        archive: (n) => run((h) => archiveItem(h, n)),
        selected: stores?.selected ?? new Set(),
        select: (n, on) => {
          if (on) stores?.selected.add(n.id);
          else stores?.selected.delete(n.id);
          this.render();
        },
        act: (n, action) => run((h) => takeAction(h, n, action)),
        snooze: (n, choice) => run((h) => snoozeItem(h, n, choice)),
      },
    });
  }
}

/** Registers the element (once) under `name`. */
export function defineHeraldInbox(name = 'herald-inbox'): void {
  if (!customElements.get(name)) customElements.define(name, HeraldInbox);
}
