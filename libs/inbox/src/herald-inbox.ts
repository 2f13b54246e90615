import { HeraldAuthenticationError, HeraldClient, type Notification, type Subscription } from '@herald/client';
import { INBOX_STYLES } from './styles';
import { badgeText, contentOf, relativeTime } from './view-model';

/** What a render callback returns for one notification: an element, or HTML text (trusted by the page). */
export type RenderItem = (notification: Notification) => HTMLElement | string;

type ChannelMessage = { type: 'updated'; notification: Notification } | { type: 'all-read' } | { type: 'count'; count: number };

const BELL = '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"/></svg>';

/**
 * `<herald-inbox base-url="…" recipient-id="…" token="nk_tok_…">`: a bell with the unread badge
 * and a panel with the recipient's feed, live. Built on @herald/client. Attributes: `base-url`,
 * `recipient-id`, `token`, `page-size` (default 20), `open` (panel shown). Properties:
 * `tokenProvider` (async () => a fresh token, called when the gateway answers 401),
 * `renderItem` (custom rendering). Events: `herald-open` (detail: notification) before following a url.
 * Theming: CSS custom properties `--herald-*` and parts `bell`, `badge`, `panel`, `header`,
 * `mark-all`, `status`, `list`, `item`, `item-unread`, `title`, `body`, `time`, `avatar`, `empty`.
 */
export class HeraldInbox extends HTMLElement {
  static observedAttributes = ['base-url', 'recipient-id', 'token', 'open'];

  tokenProvider: (() => Promise<string> | string) | null = null;
  renderItem: RenderItem | null = null;

  private readonly root: ShadowRoot;
  private client: HeraldClient | null = null;
  private subscription: Subscription | null = null;
  private channel: BroadcastChannel | null = null;
  private items: Notification[] = [];
  private cursor: string | null = null;
  private exhausted = false;
  private loading = false;
  private unread = 0;
  private state: 'loading' | 'ready' | 'error' | 'reconnecting' = 'loading';
  private timer: ReturnType<typeof setInterval> | null = null;
  private observer: IntersectionObserver | null = null;
  private started = false;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = `<style>${INBOX_STYLES}</style>
      <button part="bell" class="bell" aria-haspopup="dialog" aria-expanded="false" aria-label="Notifications">${BELL}<span part="badge" class="badge" hidden></span></button>
      <span class="sr" aria-live="polite" role="status"></span>
      <div part="panel" class="panel" role="dialog" aria-label="Notifications" hidden>
        <div part="header" class="header"><strong>Notifications</strong><button part="mark-all" class="mark-all" type="button">Mark all as read</button></div>
        <div part="status" class="status" hidden></div>
        <ul part="list" class="list" role="list"></ul>
        <div part="empty" class="empty" hidden>You're all caught up</div>
        <div class="sentinel" aria-hidden="true"></div>
      </div>`;
    this.$('.bell').addEventListener('click', () => this.toggle());
    this.$('.mark-all').addEventListener('click', () => void this.markAllRead());
    this.$('.panel').addEventListener('keydown', (e) => this.onKey(e as KeyboardEvent));
    this.$('.bell').addEventListener('keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Escape') this.toggle(false);
    });
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

  /** Opens or closes the panel. */
  toggle(open = this.$('.panel').hidden, reflect = true): void {
    this.$('.panel').hidden = !open;
    this.$('.bell').setAttribute('aria-expanded', String(open));
    if (reflect) this.toggleAttribute('open', open);
    if (open) this.render();
    else if (reflect) this.$('.bell').focus();
  }

  private start(): void {
    const baseUrl = this.getAttribute('base-url') ?? '';
    const recipientId = this.getAttribute('recipient-id');
    if (!recipientId || !this.isConnected) return;
    this.started = true;
    this.client = new HeraldClient({ baseUrl: baseUrl || location.origin, apiKey: () => this.getAttribute('token') ?? '' });
    this.items = [];
    this.cursor = null;
    this.exhausted = false;
    this.setState('loading');
    void this.withAuth(() => this.loadFirst());
    this.subscription = this.client.subscribe(recipientId, {
      notification: (n) => this.upsert(n, true),
      updated: (n) => this.upsert(n, false),
      unreadCount: (c) => this.setUnread(c),
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

  /** Runs `fn`; on a 401 refreshes the token (when a provider is set) and runs it once more. */
  private async withAuth<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof HeraldAuthenticationError && (await this.refreshToken())) {
        try {
          return await fn();
        } catch (again) {
          this.fail(again);
          return undefined;
        }
      }
      this.fail(err);
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

  private async loadFirst(): Promise<void> {
    const client = this.client!;
    const [page, count] = await Promise.all([client.notifications.page(this.recipientId, { limit: this.pageSize }), client.notifications.unreadCount(this.recipientId)]);
    this.items = page.data.notifications;
    this.cursor = page.data.next_cursor;
    this.exhausted = this.cursor === null;
    this.setUnread(count.data.unread_count);
    this.setState('ready');
  }

  private async loadMore(): Promise<void> {
    if (this.loading || this.exhausted || !this.cursor || this.state === 'loading') return;
    this.loading = true;
    try {
      await this.withAuth(async () => {
        const page = await this.client!.notifications.page(this.recipientId, { limit: this.pageSize, cursor: this.cursor! });
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

  private upsert(n: Notification, arrived: boolean): void {
    const i = this.items.findIndex((x) => x.id === n.id);
    if (i >= 0) this.items[i] = n;
    else if (arrived) {
      this.items.unshift(n);
      this.items.sort((a, b) => b.id - a.id);
    }
    this.render();
  }

  private setUnread(count: number, broadcast = false): void {
    this.unread = count;
    const badge = this.$('.badge');
    badge.textContent = badgeText(count);
    badge.hidden = count <= 0;
    const label = count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`;
    this.$('.bell').setAttribute('aria-label', label);
    this.$('.sr').textContent = label;
    if (broadcast) this.channel?.postMessage({ type: 'count', count } satisfies ChannelMessage);
  }

  private setState(state: HeraldInbox['state']): void {
    this.state = state;
    this.render();
  }

  private onChannel(msg: ChannelMessage): void {
    if (msg.type === 'updated') this.upsert(msg.notification, false);
    else if (msg.type === 'all-read') {
      this.items = this.items.map((n) => ({ ...n, read: true }));
      this.render();
    } else if (msg.type === 'count') this.setUnread(msg.count);
  }

  /** Marks read and opened, tells the other tabs, then follows the payload's url if any. */
  private async open(n: Notification): Promise<void> {
    if (!n.read || !n.opened) {
      const res = await this.withAuth(() => this.client!.notifications.update(this.recipientId, n.id, { read: true, opened: true }));
      if (res) {
        this.upsert(res.data, false);
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

  private async markAllRead(): Promise<void> {
    const res = await this.withAuth(() => this.client!.notifications.markAllRead(this.recipientId));
    if (!res) return;
    this.items = this.items.map((n) => ({ ...n, read: true }));
    this.setUnread(0, true);
    this.channel?.postMessage({ type: 'all-read' } satisfies ChannelMessage);
    this.render();
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
    for (const el of this.root.querySelectorAll<HTMLElement>('time[datetime]')) el.textContent = relativeTime(el.getAttribute('datetime')!);
  }

  private render(): void {
    const status = this.$('.status');
    const text = { loading: 'Loading…', ready: '', error: 'Notifications could not be loaded.', reconnecting: 'Reconnecting…' }[this.state];
    status.hidden = text === '';
    status.textContent = text;
    status.dataset.state = this.state;
    if (this.state === 'error') {
      const retry = document.createElement('button');
      retry.type = 'button';
      retry.textContent = 'Retry';
      retry.addEventListener('click', () => {
        this.setState('loading');
        void this.withAuth(() => this.loadFirst());
      });
      status.append(' ', retry);
    }
    this.$('.empty').hidden = !(this.state === 'ready' || this.state === 'reconnecting') || this.items.length > 0;
    this.$<HTMLButtonElement>('.mark-all').disabled = this.unread === 0;
    if (this.$('.panel').hidden) return;
    const list = this.$('.list');
    const focused = (this.root.activeElement as HTMLElement | null)?.dataset?.id;
    list.replaceChildren(...this.items.map((n) => this.renderOne(n)));
    if (focused) (list.querySelector(`[data-id="${focused}"]`) as HTMLElement | null)?.focus();
  }

  private renderOne(n: Notification): HTMLLIElement {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `item${n.read ? '' : ' unread'}`;
    button.setAttribute('part', n.read ? 'item' : 'item item-unread');
    button.dataset.id = String(n.id);
    const custom = this.renderItem?.(n);
    if (custom !== undefined && custom !== null) {
      if (typeof custom === 'string') button.innerHTML = custom;
      else button.append(custom);
    } else {
      const c = contentOf(n);
      if (c.avatar) {
        const img = document.createElement('img');
        img.setAttribute('part', 'avatar');
        img.className = 'avatar';
        img.alt = '';
        img.src = c.avatar;
        button.append(img);
      }
      const text = document.createElement('span');
      text.className = 'text';
      const title = document.createElement('span');
      title.setAttribute('part', 'title');
      title.className = 'title';
      title.textContent = c.title;
      text.append(title);
      if (c.body) {
        const body = document.createElement('span');
        body.setAttribute('part', 'body');
        body.className = 'body';
        body.textContent = c.body;
        text.append(body);
      }
      const time = document.createElement('time');
      time.setAttribute('part', 'time');
      time.setAttribute('datetime', n.created_at);
      time.textContent = relativeTime(n.created_at);
      text.append(time);
      button.append(text);
    }
    button.setAttribute('aria-label', `${n.read ? '' : 'Unread: '}${contentOf(n).title}`);
    button.addEventListener('click', () => void this.open(n));
    li.append(button);
    return li;
  }
}

/** Registers the element (once) under `name`. */
export function defineHeraldInbox(name = 'herald-inbox'): void {
  if (!customElements.get(name)) customElements.define(name, HeraldInbox);
}
