import { HeraldClient, HeraldError, type SubscribeHandlers, type Subscription } from '@herald/client';
import type { BatchFailure, Broadcast, CatalogEntry, Contact, Device, FeedSubscription, HeraldApi, List, Notification, Project, Recipient, Stats, TimelineStep } from './api';
import type { Connection } from './config/resolve';
import { ApiError } from './errors';

/** The SDK's errors as the CLI prints them: an API answer keeps status, code, sentence and property errors. */
function translate(err: unknown, url: string): Error {
  if (!(err instanceof HeraldError)) return err as Error;
  if (err.status === 0) return new Error(`cannot reach the Herald server at ${url}: ${err.message}`);
  return new ApiError(err.status, err.code, err.message, err.errors);
}

/** Waits this long for the live stream to open before falling back to polling. */
const STREAM_OPEN_TIMEOUT_MS = 5000;

type StreamHandlers = Required<Pick<SubscribeHandlers, 'state' | 'error'>>;

/**
 * A stream of the SDK once it opened, or undefined (poll instead) when it does not: no such route,
 * or no answer in time. A refused credential is reported (then or later); network blips reconnect by themselves.
 */
function opened(start: (handlers: StreamHandlers) => Subscription, onRefused: (err: Error) => void, url: string): Promise<FeedSubscription | undefined> {
  return new Promise<FeedSubscription | undefined>((resolve) => {
    let settled = false;
    const settle = (value: FeedSubscription | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!value) sub.close();
      resolve(value);
    };
    const sub: Subscription = start({
      state: (s) => {
        if (s === 'open') settle({ close: () => sub.close() });
        if (s === 'closed') settle(undefined);
      },
      error: (err) => {
        if (!settled) {
          if (err.status === 404 || err.status === 405) return settle(undefined);
          if (err.status === 401 || err.status === 403) {
            settle(undefined);
            return onRefused(translate(err, url));
          }
          return;
        }
        if (err.status === 401 || err.status === 403) onRefused(translate(err, url));
      },
    });
    const timer = setTimeout(() => settle(undefined), STREAM_OPEN_TIMEOUT_MS);
  });
}

/**
 * The CLI's API port over the typed client SDK (libs/client): one `HeraldClient` per credential,
 * retries of 429/503 and network failures as the SDK does them, errors translated once here.
 */
export function createSdkApi(conn: Connection, needs: 'key' | 'admin'): HeraldApi {
  const credential = needs === 'admin' ? conn.adminToken : conn.key;
  const client = new HeraldClient({ baseUrl: conn.url, apiKey: credential ?? '' });
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw translate(err, conn.url);
    }
  };
  const data = async <T>(fn: () => Promise<{ data: unknown }>): Promise<T> => (await call(fn)).data as T;

  return {
    createProject: (body) => data(() => client.admin.createProject(body as never)),
    listProjects: async (query) => {
      const d = await data<{ projects: Project[]; next_cursor: string | null }>(() => client.admin.listProjects(query));
      return { items: d.projects, next_cursor: d.next_cursor };
    },
    getProject: (id) => data(() => client.admin.getProject(id)),
    updateProject: (id, body) => data(() => client.admin.updateProject(id, body as never)),
    createKey: (projectId, scope) => data(() => client.admin.createKey(projectId, { scope: scope as 'full' | 'recipient' })),
    revokeKey: async (projectId, keyId) => {
      await call(() => client.admin.revokeKey(projectId, keyId));
    },

    createRecipient: (body) => data<Recipient>(() => client.recipients.create(body)),
    batchRecipients: (items) => data(() => client.recipients.batch(items as never)),
    setPrimaryEmail: async (recipientId, address) => {
      await call(() => client.contacts.setPrimary(recipientId, { medium: 'email', address }));
    },
    listRecipients: async (query) => {
      const d = await data<{ recipients: Recipient[]; next_cursor: string | null }>(() => client.recipients.page(query));
      return { items: d.recipients, next_cursor: d.next_cursor };
    },
    searchRecipients: async (q, limit) => (await data<{ recipients: Recipient[] }>(() => client.recipients.search(q, limit))).recipients,
    getRecipient: (id) => data(() => client.recipients.get(id)),
    deleteRecipient: async (id) => {
      await call(() => client.recipients.delete(id));
    },
    addDevice: (recipientId, body) => data<Device>(() => client.devices.add(recipientId, body as never)),
    listDevices: async (recipientId) => (await data<{ devices: Device[] }>(() => client.devices.list(recipientId))).devices,
    deleteDevice: async (recipientId, deviceId) => {
      await call(() => client.devices.delete(recipientId, deviceId));
    },

    createList: (body) => data<List>(() => client.lists.create({ ...body, self_service: body.self_service ?? false })),
    listLists: async (query) => {
      const d = await data<{ lists: List[]; next_cursor: string | null }>(() => client.lists.page(query));
      return { items: d.lists, next_cursor: d.next_cursor };
    },
    subscribeToList: async (key, ids) => {
      const d = await data<{ subscribed: number; already: number; failed: BatchFailure[] }>(() => client.lists.subscribe(key, ids));
      return { changed: d.subscribed, already: d.already, failed: d.failed };
    },
    unsubscribeFromList: async (key, ids) => {
      const d = await data<{ unsubscribed: number; already: number; failed: BatchFailure[] }>(() => client.lists.unsubscribe(key, ids));
      return { changed: d.unsubscribed, already: d.already, failed: d.failed };
    },

    addContact: (recipientId, body) => data<Contact>(() => client.contacts.add(recipientId, body as never)),
    listContacts: async (recipientId) => (await data<{ contacts: Contact[] }>(() => client.contacts.list(recipientId))).contacts,

    listCatalog: () => data<CatalogEntry[]>(() => client.catalog.list()),
    upsertCatalog: (items, prune) => data<CatalogEntry[]>(() => client.catalog.upsert(items as never, { prune })),

    send: (body, idempotencyKey) => data<Awaited<ReturnType<HeraldApi['send']>>>(() => client.notifications.send(body as never, { idempotencyKey })),
    getNotification: (id) => data<Notification>(() => client.notifications.get(id)),
    getTimeline: (id) => data<{ steps: TimelineStep[] }>(() => client.notifications.timeline(id)),
    getBroadcast: (id) => data<Broadcast>(() => client.broadcasts.get(id)),
    listBroadcasts: async (query) => {
      const d = await data<{ broadcasts: Broadcast[]; next_cursor: string | null }>(() => client.broadcasts.page(query));
      return { items: d.broadcasts, next_cursor: d.next_cursor };
    },
    cancelNotification: (id) => data<Notification>(() => client.notifications.cancel(id)),
    snoozeNotification: (recipientId, id, until) => data<Notification>(() => client.notifications.snooze(recipientId, id, until)),
    cancelBroadcast: (id) => data<Broadcast>(() => client.broadcasts.cancel(id)),
    listActivity: async (query) => {
      const d = await data<{ notifications: Notification[]; next_cursor: string | null }>(() => client.notifications.activity(query));
      return { items: d.notifications, next_cursor: d.next_cursor };
    },
    getStats: (query) => data<Stats>(() => client.stats.get(query)),
    listFeed: async (recipientId, query) => {
      const d = await data<{ notifications: Notification[]; next_cursor: string | null }>(() => client.notifications.page(recipientId, query));
      return { items: d.notifications, next_cursor: d.next_cursor };
    },

    /** The SDK's subscribe(); undefined (poll instead) when the stream does not open: no such route, or no answer in time. */
    subscribeFeed: (recipientId, handlers) =>
      opened((sdkHandlers) => client.subscribe(recipientId, { ...sdkHandlers, notification: (n) => handlers.notification(n as Notification) }), handlers.error, conn.url),

    /** The SDK's followActivity(); undefined (poll instead) when the stream does not open. */
    followActivity: (filters, handlers) =>
      opened(
        (sdkHandlers) =>
          client.notifications.followActivity(filters, {
            ...sdkHandlers,
            state: (s) => {
              sdkHandlers.state(s);
              if (s === 'open') handlers.connected();
            },
            outcome: (_type, n) => handlers.notification(n as Notification),
          }),
        handlers.error,
        conn.url,
      ),
  };
}
