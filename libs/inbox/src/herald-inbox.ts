import type { Notification } from '@herald/client';
import { directionOf, stringsFor, type InboxStrings } from './i18n';
import { itemActions, markAllRead, markFeedSeen, updateSelected, type InboxHost } from './inbox-actions';
import { onBellKey, onPanelKey } from './inbox-keyboard';
import { INBOX_SHELL } from './inbox-shell';
import { InboxSession } from './inbox-session';
import type { FeedView, InboxStores } from './inbox-stores';
import { drawInbox, labelPanel } from './inbox-view';
import type { RenderItem } from './item-view';
import { renderPreferencePanel } from './preference-panel';
import { enablePush } from './push-button';
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
  /** The client, the stores (pages, counts and live updates of each view) and the channel to other browser tabs, once started. */
  private session: InboxSession | null = null;
  private view: FeedView = 'inbox';
  private settingsOpen = false;
  private tabList: InboxTab[] = [];
  private activeTab = 0;
  private overrides: Partial<InboxStrings> = {};
  private t: InboxStrings = stringsFor(undefined);
  private timer: ReturnType<typeof setInterval> | null = null;
  private observer: IntersectionObserver | null = null;
  private markingSeen = false;
  /** ArrowDown on the bell came before the first page: the first item drawn takes the focus. */
  private focusFirstPending = false;
  private lastError: unknown = null;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = INBOX_SHELL;
    const keys = { root: this.root, panel: this.$('.panel'), toggle: (open: boolean) => this.toggle(open), focusFirstItem: () => this.focusFirstItem() };
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
    else if (!this.session) this.start();
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

  /** What the item and bulk actions (inbox-actions.ts) use of the element; null before it started. */
  private get host(): InboxHost | null {
    return this.session?.host ?? null;
  }

  private get stores(): InboxStores | null {
    return this.session?.stores ?? null;
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
    } else {
      this.focusFirstPending = false;
      if (reflect) this.$('.bell').focus();
    }
  }

  private focusFirstItem(): void {
    const first = this.root.querySelector<HTMLElement>('.item');
    this.focusFirstPending = !first;
    first?.focus();
  }

  private start(): void {
    const baseUrl = this.getAttribute('base-url') ?? '';
    const recipientId = this.getAttribute('recipient-id');
    if (!recipientId || !this.isConnected) return;
    this.session = new InboxSession({
      baseUrl,
      recipientId,
      token: () => this.getAttribute('token') ?? '',
      refreshToken: () => this.refreshToken(),
      pageSize: Math.min(100, Math.max(1, Number(this.getAttribute('page-size')) || 20)),
      tabs: this.tabList,
      view: this.view,
      activeTab: this.activeTab,
      changed: () => this.changed(),
      arrived: (n) => this.toast(n),
      dispatchEvent: (event) => this.dispatchEvent(event),
    });
    this.timer = setInterval(() => this.renderTimes(), 30_000);
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && this.stores?.snapshot.status === 'ready') void this.stores.shown.loadMore();
    }, { root: this.$('.panel') });
    this.observer.observe(this.$('.sentinel'));
  }

  private stop(): void {
    this.session?.stop();
    this.session = null;
    if (this.timer) clearInterval(this.timer);
    this.observer?.disconnect();
  }

  private async refreshToken(): Promise<boolean> {
    if (!this.tokenProvider) return false;
    this.setAttribute('token', await this.tokenProvider());
    return true;
  }

  /** A notification arriving while the panel is closed, shown as a toast (attribute `toasts`). */
  private toast(n: Notification): void {
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

  /** With `badge="unseen"`, an open panel marks the whole feed seen (read flags stay) and clears the badge once the gateway did. */
  private async markSeen(): Promise<void> {
    const host = this.host;
    if (!host || !this.countsUnseen || this.markingSeen || this.$('.panel').hidden || host.stores.snapshot.status !== 'ready' || host.stores.feedCounts.unseen === 0) return;
    this.markingSeen = true;
    await markFeedSeen(host);
    this.markingSeen = false;
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
    const host = this.host;
    if (!open || !host) return;
    const run = <T>(request: () => Promise<T>) => host.fresh(request).catch(() => undefined);
    void renderPreferencePanel(this.$('.preferences'), { client: host.client, recipientId: host.recipientId, strings: this.t, run });
  }

  private showTab(index: number): void {
    if (index === this.activeTab) return;
    this.activeTab = index;
    this.stores?.show(this.view, index);
  }

  /** Opt-in web push (attribute `push`; its value, when not empty, is the service worker URL). */
  private enablePush(): Promise<void> {
    return enablePush({
      client: this.host!.client,
      recipientId: this.host!.recipientId,
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
    drawInbox(this.root, {
      strings: this.t,
      stores: this.stores,
      countsUnseen: this.countsUnseen,
      tabs: this.tabList,
      activeTab: this.activeTab,
      selectTab: (i) => this.showTab(i),
      view: this.view,
      settingsOpen: this.settingsOpen,
      push: this.hasAttribute('push'),
      retry: () => void this.stores?.shown.refresh(),
      items: { strings: this.t, locale: this.locale, renderItem: this.renderItem, ...itemActions(this.host) },
      redraw: () => this.render(),
    });
    if (this.focusFirstPending) this.focusFirstItem();
  }
}

/** Registers the element (once) under `name`. */
export function defineHeraldInbox(name = 'herald-inbox'): void {
  if (!customElements.get(name)) customElements.define(name, HeraldInbox);
}
