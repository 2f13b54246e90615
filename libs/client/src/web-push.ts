/**
 * Opt-in web push for a browser: asks the user's permission, registers Herald's service
 * worker, subscribes the browser's push manager with the gateway's VAPID key, and stores the
 * subscription as the recipient's primary `web_push` contact (PUT /recipients/{id}/contacts: a
 * recipient token may do it). Messages sent with a `push` block then reach this browser, also with
 * the page closed. Called from a user gesture (a click), since browsers only ask permission then.
 *
 * The service worker must come from the page's own origin: copy the gateway's
 * `/push/herald-sw.js` next to your pages (the default URL is `/herald-sw.js`), or `importScripts`
 * it from your own worker. To stop, call `disableWebPush`: the browser unsubscribes, the next push
 * is answered 410 by the push service and Herald marks the contact expired.
 */

/** The parts of the browser's Push API this needs (structural, so it runs where they exist and is testable). */
export interface BrowserPushSubscription {
  endpoint: string;
  options?: { applicationServerKey?: ArrayBuffer | null };
  toJSON(): { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}
export interface BrowserPushManager {
  getSubscription(): Promise<BrowserPushSubscription | null>;
  subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }): Promise<BrowserPushSubscription>;
}
export interface BrowserPushEnvironment {
  serviceWorker: {
    register(url: string, options?: { scope?: string }): Promise<unknown>;
    ready: Promise<{ pushManager: BrowserPushManager }>;
  };
  /** The Notification permission prompt: 'granted' | 'denied' | 'default'. */
  requestPermission(): Promise<string>;
}

export interface EnableWebPushOptions {
  /** The service worker script, on the page's origin (default `/herald-sw.js`). */
  serviceWorkerUrl?: string;
  scope?: string;
  /** The browser's APIs (default: `navigator.serviceWorker` and `Notification.requestPermission`). */
  environment?: BrowserPushEnvironment;
}

/** What enableWebPush needs of the client (HeraldClient has both). */
export interface WebPushApi {
  vapidPublicKey(): Promise<string>;
  storeSubscription(recipientId: string, subscriptionJson: string): Promise<unknown>;
}

/** Thrown when the browser cannot do web push, or the user did not allow notifications. */
export class WebPushUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebPushUnavailableError';
  }
}

/** base64url → bytes (a VAPID key as `applicationServerKey`). */
export function base64UrlToBytes(value: string): Uint8Array {
  const b64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const raw = globalThis.atob(b64);
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

function browserEnvironment(): BrowserPushEnvironment {
  const g = globalThis as unknown as {
    navigator?: { serviceWorker?: BrowserPushEnvironment['serviceWorker'] };
    Notification?: { requestPermission(): Promise<string> };
    PushManager?: unknown;
  };
  if (!g.navigator?.serviceWorker || !g.PushManager || !g.Notification) throw new WebPushUnavailableError('This browser does not support web push (service workers, PushManager, Notification)');
  return { serviceWorker: g.navigator.serviceWorker, requestPermission: () => g.Notification!.requestPermission() };
}

/**
 * Subscribes this browser and stores the subscription as the recipient's primary web_push contact.
 * A subscription made earlier with the same VAPID key is reused; one made with another key (the
 * server's key changed) is replaced. Returns the stored subscription JSON.
 */
export async function enableWebPush(api: WebPushApi, recipientId: string, options: EnableWebPushOptions = {}): Promise<{ endpoint: string; subscription: string }> {
  const env = options.environment ?? browserEnvironment();
  const permission = await env.requestPermission();
  if (permission !== 'granted') throw new WebPushUnavailableError(`Notifications are not allowed (permission: ${permission})`);
  const key = base64UrlToBytes(await api.vapidPublicKey());
  await env.serviceWorker.register(options.serviceWorkerUrl ?? '/herald-sw.js', options.scope ? { scope: options.scope } : undefined);
  const { pushManager } = await env.serviceWorker.ready;
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options?.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = JSON.stringify(subscription.toJSON());
  await api.storeSubscription(recipientId, json);
  return { endpoint: subscription.endpoint, subscription: json };
}

/** Unsubscribes this browser (its contact is marked expired by the next push to it); false when it had no subscription. */
export async function disableWebPush(options: Pick<EnableWebPushOptions, 'environment'> = {}): Promise<boolean> {
  const env = options.environment ?? browserEnvironment();
  const subscription = await (await env.serviceWorker.ready).pushManager.getSubscription();
  return subscription ? subscription.unsubscribe() : false;
}
