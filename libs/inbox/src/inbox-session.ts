import { HeraldClient, inboxApiOf, withFreshToken, withSharedStream, withTokenRefresh, type Notification, type Subscription } from '@herald/client';
import type { InboxHost } from './inbox-actions';
import { openInboxChannel } from './inbox-channel';
import { InboxStores, type FeedView } from './inbox-stores';
import type { InboxTab } from './tabs';

export interface InboxSessionOptions {
  baseUrl: string;
  recipientId: string;
  /** The token in use (read at each request). */
  token(): string;
  /** A fresh token after a 401 (false: none). */
  refreshToken(): Promise<boolean>;
  pageSize: number;
  tabs: InboxTab[];
  view: FeedView;
  activeTab: number;
  /** After every change of a store. */
  changed(): void;
  /** A notification the stream announced, before the stores place it. */
  arrived(n: Notification): void;
  dispatchEvent(event: Event): boolean;
}

/**
 * One started element: the recipient's client, the stores over one live stream with a fresh token
 * after a 401, and the channel to the recipient's other browser tabs; `host` is what the actions use.
 */
export class InboxSession {
  readonly stores: InboxStores;
  readonly host: InboxHost;
  private readonly arrivals: Subscription;
  private readonly channel: BroadcastChannel | null;

  constructor(o: InboxSessionOptions) {
    const client = new HeraldClient({ baseUrl: o.baseUrl || location.origin, apiKey: o.token });
    const api = withSharedStream(withTokenRefresh(inboxApiOf(client, o.recipientId), o.refreshToken));
    // Heard before the stores place it: a notification none of them lists yet is new.
    this.arrivals = api.subscribe({ notification: o.arrived });
    this.stores = new InboxStores(api, o.pageSize, o.changed);
    this.channel = openInboxChannel(o.baseUrl, o.recipientId, (change) => this.stores.applyAll(change));
    this.host = {
      client,
      api,
      recipientId: o.recipientId,
      stores: this.stores,
      fresh: (request) => withFreshToken(request, o.refreshToken),
      share: (change) => {
        this.stores.applyAll(change);
        this.channel?.postMessage(change);
      },
      dispatchEvent: (event) => o.dispatchEvent(event),
    };
    this.stores.start(o.tabs, o.view, o.activeTab);
  }

  stop(): void {
    this.stores.stop();
    this.arrivals.close();
    this.channel?.close();
  }
}
