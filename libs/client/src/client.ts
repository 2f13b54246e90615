import type { components, paths } from './gen/api.js';
import { fillPath, Transport, type FetchLike, type RetryOptions } from './http.js';
import { subscribe, type Subscription, type SubscribeHandlers, type SubscribeOptions } from './sse.js';
import { followActivity, type ActivityStreamFilters, type ActivityStreamHandlers } from './activity-stream.js';
import { disableWebPush, enableWebPush, type EnableWebPushOptions } from './web-push.js';

type Schemas = components['schemas'];
export type Recipient = Schemas['Recipient'];
export type RecipientInput = Schemas['RecipientInput'];
export type Contact = Schemas['Contact'];
export type ContactInput = Schemas['ContactInput'];
export type Device = Schemas['Device'];
export type DeviceInput = Schemas['DeviceInput'];
export type Provider = Schemas['Provider'];
export type ProviderInput = Schemas['ProviderInput'];
export type CatalogEntry = Schemas['CatalogEntry'];
export type CatalogEntryInput = Schemas['CatalogEntryInput'];
export type CatalogEntryPatch = Schemas['CatalogEntryPatch'];
export type Notification = Schemas['Notification'];
export type Broadcast = Schemas['Broadcast'];
export type SendInput = Schemas['SendInput'];
export type Project = Schemas['Project'];
export type RecipientToken = Schemas['RecipientToken'];
export type BatchFailure = Schemas['BatchFailure'];
export type List = Schemas['List'];
export type RecipientListEntry = Schemas['RecipientListEntry'];
export type ListInput = Schemas['ListInput'];
export type MessageErrorBody = Schemas['MessageError'];
export type ErrorFamilyBody = Schemas['ErrorFamilyError'];
/** One tab of a recipient's feed: the notifications whose target has these values (each absent: any). */
export interface FeedTab {
  channel?: string;
  topic?: string;
  event?: string;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The success body of an operation (its 200 or 201 answer), from the generated types. */
export type Ok<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer A }
    ? JsonOf<A>
    : R extends { 201: infer A }
      ? JsonOf<A>
      : never
  : never;
/** The JSON request body of an operation. */
export type Body<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;
/** The query parameters of an operation. */
export type Query<P extends keyof paths, M extends Method> = paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export interface HeraldClientOptions {
  /** Gateway base URL, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /**
   * A Full or Recipient key (servers), or a recipient token (browsers: never ship a project key to
   * a browser), or a function returning the current one (token refresh).
   */
  apiKey: string | (() => string | Promise<string>);
  /** Retries of safe requests on 429, 503 and network failures (default 3, exponential backoff, Retry-After honoured). */
  retry?: RetryOptions;
  fetch?: FetchLike;
  headers?: Record<string, string>;
}

const newIdempotencyKey = () => globalThis.crypto.randomUUID();

/** Every page of a cursor-paged list, page after page, as one async iterator of items. */
async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; next: string | null }>): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.items;
    if (!page.next) return;
    cursor = page.next;
  }
}

/**
 * A typed client of the Herald REST API (Node 20+ and browsers; fetch-based). Errors are thrown as
 * `HeraldError` subclasses carrying both error-body families; sends get an `Idempotency-Key` (one
 * per call, kept across its retries) so a retried send is never delivered twice.
 */
export class HeraldClient {
  readonly transport: Transport;

  constructor(options: HeraldClientOptions) {
    this.transport = new Transport({ baseUrl: options.baseUrl, credential: options.apiKey, fetch: options.fetch, retry: options.retry, headers: options.headers });
  }

  private call<P extends keyof paths, M extends Method>(
    method: M,
    path: P,
    opts: { params?: Record<string, string | number>; query?: Query<P, M>; body?: Body<P, M>; headers?: Record<string, string>; retryable?: boolean; signal?: AbortSignal } = {},
  ): Promise<Ok<P, M>> {
    return this.transport.request<Ok<P, M>>(method.toUpperCase(), fillPath(path as string, opts.params), {
      query: opts.query as Record<string, string | number | boolean | undefined>,
      body: opts.body,
      headers: opts.headers,
      retryable: opts.retryable,
      signal: opts.signal,
    });
  }

  readonly recipients = {
    create: (body: RecipientInput) => this.call('post', '/recipients', { body }),
    get: (id: string) => this.call('get', '/recipients/{recipient_id}', { params: { recipient_id: id } }),
    update: (id: string, body: Body<'/recipients/{recipient_id}', 'patch'>) => this.call('patch', '/recipients/{recipient_id}', { params: { recipient_id: id }, body }),
    delete: (id: string) => this.call('delete', '/recipients/{recipient_id}', { params: { recipient_id: id } }),
    batch: (recipients: RecipientInput[]) => this.call('post', '/recipients/batch', { body: { recipients } }),
    /** One page; `next_cursor` null on the last. */
    page: (query: Query<'/recipients', 'get'> = {}) => this.call('get', '/recipients', { query }),
    /** The recipients whose id, name or a contact address starts with `q` (case as typed), at most `limit`, in id order. */
    search: (q: string, limit?: number) => this.call('get', '/recipients', { query: { q, ...(limit === undefined ? {} : { limit }) } }),
    /** Every recipient, in creation order, fetching pages of `limit` as needed. */
    list: (query: { limit?: number } = {}): AsyncGenerator<Recipient> =>
      paginate(async (cursor) => {
        const { data } = await this.recipients.page({ ...query, cursor });
        return { items: data.recipients, next: data.next_cursor };
      }),
  };

  readonly contacts = {
    add: (recipientId: string, body: ContactInput) => this.call('post', '/recipients/{recipient_id}/contacts', { params: { recipient_id: recipientId }, body }),
    list: (recipientId: string) => this.call('get', '/recipients/{recipient_id}/contacts', { params: { recipient_id: recipientId } }),
    setPrimary: (recipientId: string, body: Body<'/recipients/{recipient_id}/contacts', 'put'>) =>
      this.call('put', '/recipients/{recipient_id}/contacts', { params: { recipient_id: recipientId }, body }),
    update: (recipientId: string, contactId: number, body: Body<'/recipients/{recipient_id}/contacts/{contact_id}', 'patch'>) =>
      this.call('patch', '/recipients/{recipient_id}/contacts/{contact_id}', { params: { recipient_id: recipientId, contact_id: contactId }, body }),
    delete: (recipientId: string, contactId: number) =>
      this.call('delete', '/recipients/{recipient_id}/contacts/{contact_id}', { params: { recipient_id: recipientId, contact_id: contactId } }),
    verify: (recipientId: string, contactId: number) =>
      this.call('post', '/recipients/{recipient_id}/contacts/{contact_id}/verify', { params: { recipient_id: recipientId, contact_id: contactId }, retryable: true }),
    /** Confirms an sms number set with a recipient token with the 6-digit code texted to it (each call is a try: not retried). */
    confirm: (recipientId: string, contactId: number, code: string) =>
      this.call('post', '/recipients/{recipient_id}/contacts/{contact_id}/confirm', { params: { recipient_id: recipientId, contact_id: contactId }, body: { code } }),
  };

  readonly lists = {
    create: (body: ListInput) => this.call('post', '/lists', { body }),
    get: (key: string) => this.call('get', '/lists/{list_key}', { params: { list_key: key } }),
    update: (key: string, body: Body<'/lists/{list_key}', 'patch'>) => this.call('patch', '/lists/{list_key}', { params: { list_key: key }, body }),
    /** Deletes the list and its subscriptions. */
    delete: (key: string) => this.call('delete', '/lists/{list_key}', { params: { list_key: key } }),
    /** One page; `next_cursor` null on the last. */
    page: (query: Query<'/lists', 'get'> = {}) => this.call('get', '/lists', { query }),
    /** Every list, in key order. */
    list: (query: { limit?: number } = {}): AsyncGenerator<List> =>
      paginate(async (cursor) => {
        const { data } = await this.lists.page({ ...query, cursor });
        return { items: data.lists, next: data.next_cursor };
      }),
    /** Subscribes 1–1,000 recipients (unknown ones are created); idempotent. */
    subscribe: (key: string, recipientIds: string[]) => this.call('put', '/lists/{list_key}/subscriptions', { params: { list_key: key }, body: { recipient_ids: recipientIds } }),
    unsubscribe: (key: string, recipientIds: string[]) => this.call('delete', '/lists/{list_key}/subscriptions', { params: { list_key: key }, body: { recipient_ids: recipientIds } }),
    /** Every subscriber's recipient id, in recipient id order. */
    subscribers: (key: string, query: { limit?: number } = {}): AsyncGenerator<string> =>
      paginate(async (cursor) => {
        const { data } = await this.call('get', '/lists/{list_key}/subscriptions', { params: { list_key: key }, query: { ...query, cursor } });
        return { items: data.subscribers.map((s) => s.recipient_id), next: data.next_cursor };
      }),
    /** The lists a recipient is on (a recipient token may read its own). */
    ofRecipient: (recipientId: string) => this.call('get', '/recipients/{recipient_id}/lists', { params: { recipient_id: recipientId } }),
    /** The project's self-service lists (those a recipient may follow or leave) in key order, each with `subscribed` for this recipient. */
    selfService: (recipientId: string, query: { limit?: number } = {}): AsyncGenerator<RecipientListEntry> =>
      paginate(async (cursor) => {
        const { data } = await this.call('get', '/recipients/{recipient_id}/lists', { params: { recipient_id: recipientId }, query: { self_service: true, ...query, cursor } });
        return { items: data.lists, next: data.next_cursor ?? null };
      }),
    /** Subscribes a recipient (with a recipient token: only to self_service lists). */
    join: (recipientId: string, key: string) => this.call('put', '/recipients/{recipient_id}/lists/{list_key}', { params: { recipient_id: recipientId, list_key: key } }),
    leave: (recipientId: string, key: string) => this.call('delete', '/recipients/{recipient_id}/lists/{list_key}', { params: { recipient_id: recipientId, list_key: key } }),
  };

  /** A recipient's mobile devices (FCM, APNs): a key, or the recipient's own token from the app. */
  readonly devices = {
    add: (recipientId: string, body: DeviceInput) => this.call('post', '/recipients/{recipient_id}/devices', { params: { recipient_id: recipientId }, body }),
    list: (recipientId: string) => this.call('get', '/recipients/{recipient_id}/devices', { params: { recipient_id: recipientId } }),
    delete: (recipientId: string, deviceId: number) =>
      this.call('delete', '/recipients/{recipient_id}/devices/{device_id}', { params: { recipient_id: recipientId, device_id: deviceId } }),
  };

  /** The project's push and chat provider credentials (Full key): write-only, read back with a fingerprint. */
  readonly providers = {
    put: (name: 'fcm' | 'apns' | 'slack', body: ProviderInput) => this.call('put', '/providers/{name}', { params: { name }, body }),
    get: (name: string) => this.call('get', '/providers/{name}', { params: { name } }),
    list: () => this.call('get', '/providers'),
  };

  readonly tokens = {
    /** A recipient token (Full key only): the credential to hand to that recipient's browser. */
    create: (recipientId: string, body: Body<'/recipients/{recipient_id}/tokens', 'post'> = {}) =>
      this.call('post', '/recipients/{recipient_id}/tokens', { params: { recipient_id: recipientId }, body }),
  };

  readonly catalog = {
    create: (body: CatalogEntryInput) => this.call('post', '/preferences', { body }),
    list: () => this.call('get', '/preferences'),
    get: (id: number) => this.call('get', '/preferences/{preference_id}', { params: { preference_id: id } }),
    update: (id: number, body: CatalogEntryPatch) => this.call('patch', '/preferences/{preference_id}', { params: { preference_id: id }, body }),
    /** Bulk upsert; `prune: true` deletes entries absent from `items`. */
    upsert: (items: CatalogEntryInput[], opts: { prune?: boolean } = {}) =>
      this.call('put', '/preferences', { body: items, query: opts.prune === undefined ? {} : { prune: opts.prune ? 'true' : 'false' } }),
    delete: (id: number) => this.call('delete', '/preferences/{preference_id}', { params: { preference_id: id } }),
  };

  readonly preferences = {
    set: (recipientId: string, body: Body<'/recipients/{recipient_id}/preferences', 'patch'>) =>
      this.call('patch', '/recipients/{recipient_id}/preferences', { params: { recipient_id: recipientId }, body, retryable: true }),
    list: (recipientId: string) => this.call('get', '/recipients/{recipient_id}/preferences', { params: { recipient_id: recipientId } }),
    check: (recipientId: string, query: Query<'/recipients/{recipient_id}/preferences/check', 'get'>) =>
      this.call('get', '/recipients/{recipient_id}/preferences/check', { params: { recipient_id: recipientId }, query }),
  };

  readonly notifications = {
    /**
     * Sends (direct, or a broadcast with `recipient_id: null`). Carries an Idempotency-Key (given,
     * or a fresh one per call), so retries after 429, 503 or a lost connection deliver once.
     */
    send: (body: SendInput, opts: { idempotencyKey?: string; signal?: AbortSignal } = {}) =>
      this.call('post', '/notifications/send', { body, headers: { 'idempotency-key': opts.idempotencyKey ?? newIdempotencyKey() }, retryable: true, signal: opts.signal }),
    get: (id: number) => this.call('get', '/notifications/{id}', { params: { id } }),
    /** The notification's steps in time order: accepted, decided, each medium's outcome, escalation, digest and each webhook attempt. */
    timeline: (id: number) => this.call('get', '/notifications/{id}/timeline', { params: { id } }),
    /** One page of the project's activity, newest first (only the filter combinations the API has an index for). */
    activity: (query: Query<'/notifications', 'get'> = {}) => this.call('get', '/notifications', { query }),
    /**
     * Follows the project's new outcomes as they happen (GET /notifications/stream, Full key):
     * `outcome(type, notification)` for each, under the filters an event can be matched on;
     * reconnects by itself (no replay: read `activity()` again after a reconnection).
     */
    followActivity: (filters: ActivityStreamFilters, handlers: ActivityStreamHandlers, options: SubscribeOptions = {}): Subscription =>
      followActivity(this.transport, filters, handlers, options),
    /** One page of a recipient's feed, newest first. */
    page: (recipientId: string, query: Query<'/recipients/{recipient_id}/notifications', 'get'> = {}) =>
      this.call('get', '/recipients/{recipient_id}/notifications', { params: { recipient_id: recipientId }, query }),
    /** A recipient's whole feed (`archived: true`: the archived notifications only; `channel`, `topic`, `event`: one tab), newest first, page by page. */
    feed: (recipientId: string, query: FeedTab & { limit?: number; read?: boolean; archived?: boolean } = {}): AsyncGenerator<Notification> =>
      paginate(async (cursor) => {
        const { data } = await this.notifications.page(recipientId, {
          limit: query.limit,
          read: query.read === undefined ? undefined : query.read ? 'true' : 'false',
          archived: query.archived ? 'true' : undefined,
          channel: query.channel,
          topic: query.topic,
          event: query.event,
          cursor,
        });
        return { items: data.notifications, next: data.next_cursor };
      }),
    unreadCount: (recipientId: string) => this.call('get', '/recipients/{recipient_id}/notifications/unread_count', { params: { recipient_id: recipientId } }),
    update: (recipientId: string, id: number, body: Body<'/recipients/{recipient_id}/notifications/{notification_id}', 'patch'>) =>
      this.call('patch', '/recipients/{recipient_id}/notifications/{notification_id}', { params: { recipient_id: recipientId, notification_id: id }, body, retryable: true }),
    /** Snoozes a notification until then (at most 90 days ahead): out of the feed and the counts, then back as new; null ends the snooze now. */
    snooze: (recipientId: string, id: number, until: Date | string | null) =>
      this.call('patch', '/recipients/{recipient_id}/notifications/{notification_id}', {
        params: { recipient_id: recipientId, notification_id: id },
        body: { snoozed_until: until instanceof Date ? until.toISOString() : until },
        retryable: true,
      }),
    /** The unread and unseen counts (archived notifications apart), of the whole feed or of one tab. */
    counts: (recipientId: string, tab: FeedTab = {}) => this.call('get', '/recipients/{recipient_id}/notifications/counts', { params: { recipient_id: recipientId }, query: tab }),
    markAllRead: (recipientId: string, tab: FeedTab = {}) =>
      this.call('post', '/recipients/{recipient_id}/notifications/mark_all_read', { params: { recipient_id: recipientId }, query: tab, retryable: true }),
    /** Marks the whole feed seen (the unseen count becomes 0; read flags stay): what an inbox does when its panel opens. */
    markAllSeen: (recipientId: string, tab: FeedTab = {}) =>
      this.call('post', '/recipients/{recipient_id}/notifications/mark_all_seen', { params: { recipient_id: recipientId }, query: tab, retryable: true }),
    /** Archives the whole feed (`read: true`: only what was read); archiving marks seen too. */
    markAllArchived: (recipientId: string, query: FeedTab & { read?: boolean } = {}) =>
      this.call('post', '/recipients/{recipient_id}/notifications/mark_all_archived', {
        params: { recipient_id: recipientId },
        query: { read: query.read === undefined ? undefined : query.read ? 'true' : 'false', channel: query.channel, topic: query.topic, event: query.event },
        retryable: true,
      }),
    /** Records the action (of `payload.actions`, one without a url) the recipient chose; the same action again changes nothing. */
    takeAction: (recipientId: string, id: number, actionId: string) =>
      this.call('post', '/recipients/{recipient_id}/notifications/{notification_id}/actions/{action_id}', {
        params: { recipient_id: recipientId, notification_id: id, action_id: actionId },
        retryable: true,
      }),
    /** Archives (or, `false`, unarchives) one notification; archiving marks it seen too. */
    archive: (recipientId: string, id: number, archived = true) => this.notifications.update(recipientId, id, { archived }),
    /** Sets read, seen or archived on up to 100 notifications; each result carries its notification, or an error for an id the recipient does not have. */
    updateMany: (recipientId: string, body: Body<'/recipients/{recipient_id}/notifications', 'patch'>) =>
      this.call('patch', '/recipients/{recipient_id}/notifications', { params: { recipient_id: recipientId }, body, retryable: true }),
    /** Cancels a scheduled send (`send_at`): `canceled`, or 409 `not_cancelable` once it started. A repeat answers the same. */
    cancel: (id: number) => this.call('post', '/notifications/{id}/cancel', { params: { id }, retryable: true }),
  };

  readonly stats = {
    /** Sends per interval by medium and outcome, the email and webhook failure rates and the due timers (default: the last hour by minute). */
    get: (query: Query<'/stats', 'get'> = {}) => this.call('get', '/stats', { query }),
  };

  readonly broadcasts = {
    /** One page of the project's broadcasts and sends to many, newest first (a running one with its progress so far). */
    page: (query: Query<'/broadcasts', 'get'> = {}) => this.call('get', '/broadcasts', { query }),
    get: (id: number) => this.call('get', '/broadcasts/{id}', { params: { id } }),
    /** Cancels a scheduled broadcast, likewise. */
    cancel: (id: number) => this.call('post', '/broadcasts/{id}/cancel', { params: { id }, retryable: true }),
  };

  /** Email digests of catalog entries with a `digest`. */
  readonly digests = {
    get: (id: number) => this.call('get', '/digests/{id}', { params: { id } }),
  };

  /** Web push for browsers (opt-in; see web-push.ts). */
  readonly push = {
    /** The gateway's VAPID public key (base64url), what a push subscription is made with. */
    vapidPublicKey: async (): Promise<string> => (await this.call('get', '/push/vapid_public_key', { retryable: true })).data.public_key,
    /**
     * Asks permission, registers the service worker, subscribes this browser and stores the
     * subscription as the recipient's primary `web_push` contact (a recipient token is enough).
     * Call it from a click. Resolves with the subscription stored.
     */
    enable: (recipientId: string, options: EnableWebPushOptions = {}) =>
      enableWebPush(
        {
          vapidPublicKey: () => this.push.vapidPublicKey(),
          storeSubscription: (rid, json) => this.contacts.setPrimary(rid, { medium: 'web_push', address: json }),
        },
        recipientId,
        options,
      ),
    /** Unsubscribes this browser; its contact is marked expired by the next push. */
    disable: (options: Pick<EnableWebPushOptions, 'environment'> = {}) => disableWebPush(options),
  };

  /** Operator API: construct the client with the gateway's ADMIN_TOKEN as `apiKey`. */
  readonly admin = {
    createProject: (body: Body<'/admin/projects', 'post'>) => this.call('post', '/admin/projects', { body }),
    /** One page of projects in id order; pass `next_cursor` back as `cursor`. */
    listProjects: (query: Query<'/admin/projects', 'get'> = {}) => this.call('get', '/admin/projects', { query }),
    getProject: (id: number) => this.call('get', '/admin/projects/{id}', { params: { id } }),
    updateProject: (id: number, body: Body<'/admin/projects/{id}', 'patch'>) => this.call('patch', '/admin/projects/{id}', { params: { id }, body }),
    createKey: (projectId: number, body: Body<'/admin/projects/{id}/keys', 'post'>) => this.call('post', '/admin/projects/{id}/keys', { params: { id: projectId }, body }),
    revokeKey: (projectId: number, keyId: number) => this.call('delete', '/admin/projects/{id}/keys/{key_id}', { params: { id: projectId, key_id: keyId } }),
  };

  /**
   * Follows a recipient's live feed (`GET /recipients/{id}/notifications/stream`, Server-Sent
   * Events) with automatic reconnection: each reconnect sends `Last-Event-ID`, so the server
   * replays what was missed (or sends `reset` when too much was). Works in Node and browsers.
   */
  subscribe(recipientId: string, handlers: SubscribeHandlers, options: SubscribeOptions = {}): Subscription {
    return subscribe(this.transport, recipientId, handlers, options);
  }
}
