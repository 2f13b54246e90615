/**
 * The operations the CLI uses, as one narrow port. The only implementation (`sdk-api.ts`) is a thin
 * adapter over the typed client SDK (libs/client); unit tests of the commands pass an in-memory one.
 * Every method throws `ApiError` for an error answer of the API.
 */
export type Settings = Record<string, unknown>;

export interface Project {
  id: number;
  name: string;
  settings: Settings;
  created_at: string;
  updated_at: string;
}

export interface IssuedKey {
  id: number;
  scope: string;
  key: string;
  created_at?: string;
}

export interface Recipient {
  id: string;
  name: string | null;
  created_at: string;
  updated_at: string;
}

export interface Device {
  id: number;
  platform: string;
  token: string;
  app_id: string | null;
  locale: string | null;
  created_at: string;
  updated_at: string;
}

/** A recipient's contact, as the API shows it (`provider` only on chat contacts). */
export interface Contact {
  id: number;
  medium: string;
  address: string;
  provider?: string;
  is_primary: boolean;
  deliverable: boolean;
  confirmed: boolean;
}

export interface ContactInput {
  medium: string;
  address: string;
  provider?: string;
  is_primary?: boolean;
}

export interface BatchFailure {
  id: string;
  batch_index: number;
  errors: { message: string; description?: string; property_path: string; invalid_value?: unknown }[];
}

export interface BatchResult {
  created: { id: string }[];
  updated: { id: string }[];
  failed: BatchFailure[];
}

export interface BatchItem {
  id: string;
  name?: string | null;
}

export interface Target {
  channel: string;
  topic: string;
  event: string;
}

export interface CatalogEntry {
  id: number;
  target: Target;
  medium: string;
  label: string;
  description: string | null;
  default_enabled: boolean;
  mandatory: boolean;
  /** Absent from servers older than time-aware delivery. */
  digest?: CatalogDigest | null;
  throttle?: CatalogThrottle | null;
}

/** An email entry's digest: its emails to one recipient collected into one mail. */
export interface CatalogDigest {
  window_seconds: number;
  max_items: number;
  subject: string;
}

/** At most `max` deliveries to one recipient in any sliding window of `window_seconds`. */
export interface CatalogThrottle {
  max: number;
  window_seconds: number;
}

/** One item of the catalog's bulk upsert (the create body). */
export interface CatalogItem extends Target {
  medium?: string;
  name: string;
  description?: string;
  default_enabled: boolean;
  mandatory?: boolean;
  digest?: CatalogDigest | null;
  throttle?: CatalogThrottle | null;
}

/** The recipient rule that decided a medium (steps 1 and 2 of the cascade). */
export interface DecidingRule {
  target: Target;
  medium: string;
  enabled: boolean;
  set_at: string | null;
  /** api_key | recipient_token | unsubscribe_link; null for rules set before it was recorded. */
  set_via: string | null;
}

/** The catalog entry that decided a medium (steps 3 and 4, a mandatory entry). */
export interface DecidingEntry {
  id: number;
  label: string;
  target: Target;
  medium: string;
  default_enabled: boolean;
  mandatory: boolean;
}

/** Why one medium of a notification ended as it did (docs/preferences.md, "The decision"). */
export interface MediumDecision {
  result: string;
  because: string | null;
  rule: DecidingRule | DecidingEntry | null;
}

export interface NotificationDecision {
  in_app?: MediumDecision;
  email?: MediumDecision;
  sms?: MediumDecision;
  web_push?: MediumDecision;
  chat?: MediumDecision;
  mobile_push?: MediumDecision;
}

/** One step of a notification's timeline (GET /notifications/{id}/timeline). */
export interface TimelineStep {
  at: string;
  kind: string;
  medium: string | null;
  status: string;
  provider: string | null;
  detail: string | null;
  attempts: number | null;
  digest_id: number | null;
  webhook_id: number | null;
  webhook_url: string | null;
  event_type: string | null;
  response_status: number | null;
  latency_ms: number | null;
  /** An attempt step's number (absent from servers older than attempt steps). */
  attempt?: number | null;
  message_id?: string | null;
}

export interface Notification {
  id: number;
  recipient_id: string;
  payload: unknown;
  broadcast_id: number | null;
  target: Target | null;
  status: string;
  read: boolean;
  opened: boolean;
  email: Record<string, unknown> | null;
  /** Absent from servers that predate SMS and push. */
  sms?: Record<string, unknown> | null;
  push?: Record<string, unknown> | null;
  /** Absent from servers that predate decisions; null for notifications written before them. */
  decision?: NotificationDecision | null;
  /** When a scheduled send is (or was) due; null or absent for sends made at once. */
  send_at?: string | null;
  /** Only while snoozed: when it comes back to the feed. */
  snoozed_until?: string;
  created_at: string;
  updated_at: string;
}

export interface Broadcast {
  id: number;
  target: Target;
  status: string;
  recipients_total: number;
  notifications_created: number;
  email: { status: string; eligible?: number } | null;
  /** A send carrying an sms block: its SMS (absent otherwise). */
  sms?: { status: string; eligible?: number };
  /** A send carrying a mobile_push block: its mobile push (absent otherwise). */
  mobile_push?: { status: string; eligible?: number };
  send_at?: string | null;
  /** A send to a list or to recipient ids: who it goes to. */
  audience?: { list?: string; recipient_ids?: number; excluded: number };
  created_at: string;
  updated_at: string;
}

export interface SendBody {
  /** Absent on a send to recipient_ids or a list; null: a broadcast to every recipient. */
  recipient_id?: string | null;
  recipient_ids?: string[];
  list?: string;
  exclude_recipient_ids?: string[];
  target?: Target;
  payload?: unknown;
  email?: { subject: string; html: string; text?: string; delay_seconds?: number; unless?: string };
  /** An SMS to each recipient's primary number. */
  sms?: { text: string };
  /** A push to each of the recipient's devices (FCM, APNs). */
  mobile_push?: { title: string; body: string; data?: Record<string, string>; badge?: number | 'unread'; sound?: string; collapse_key?: string; ttl_seconds?: number };
  /** RFC 3339: a scheduled send. */
  send_at?: string;
}

export interface List {
  key: string;
  name: string;
  description: string | null;
  self_service: boolean;
  subscriber_count: number;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionResult {
  /** Subscribed (or unsubscribed) by this call. */
  changed: number;
  /** Subscribed before (or not subscribed, for an unsubscribe). */
  already: number;
  failed: BatchFailure[];
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export interface FeedSubscription {
  close(): void;
}

/** The activity stream's filters: those of the activity an event can be matched on. */
export type ActivityStreamFilters = Pick<ActivityQuery, 'recipient_id' | 'channel' | 'topic' | 'event' | 'medium' | 'outcome' | 'broadcast_id'>;

/** The activity log's filters and paging (GET /notifications). */
export interface ActivityQuery {
  recipient_id?: string;
  channel?: string;
  topic?: string;
  event?: string;
  status?: string;
  medium?: 'email' | 'sms' | 'web_push';
  outcome?: string;
  broadcast_id?: string;
  since?: string;
  until?: string;
  limit?: number;
  cursor?: string;
}

/** The overview's range (GET /stats). */
export interface StatsQuery {
  interval?: 'minute' | 'hour' | 'day';
  from?: string;
  to?: string;
}

/** What a medium's sends came to; `bounced` (an email address refused for good) is counted in `failed` too. */
export type StatsCounts = Record<'delivered' | 'suppressed' | 'quota' | 'failed' | 'bounced', number>;

export interface Stats {
  interval: string;
  from: string;
  to: string;
  intervals: { start: string; sends: Record<string, Partial<StatsCounts>> }[];
  totals: Record<string, StatsCounts>;
  rates: { email_bounce: number | null; email_failure: number | null; webhook_failure: number | null };
  due_timers: number;
}

export interface HeraldApi {
  createProject(body: { name: string; settings?: Settings }): Promise<{ project: Project; keys: IssuedKey[] }>;
  listProjects(query: { limit?: number; cursor?: string }): Promise<Page<Project>>;
  getProject(id: number): Promise<Project>;
  updateProject(id: number, body: { name?: string; settings?: Settings }): Promise<Project>;
  createKey(projectId: number, scope: string): Promise<IssuedKey>;
  revokeKey(projectId: number, keyId: number): Promise<void>;

  createRecipient(body: { id: string; name?: string }): Promise<Recipient>;
  batchRecipients(items: BatchItem[]): Promise<BatchResult>;
  setPrimaryEmail(recipientId: string, address: string): Promise<void>;
  listRecipients(query: { limit?: number; cursor?: string }): Promise<Page<Recipient>>;
  searchRecipients(q: string, limit?: number): Promise<Recipient[]>;
  getRecipient(id: string): Promise<Recipient>;
  deleteRecipient(id: string): Promise<void>;
  addContact(recipientId: string, body: ContactInput): Promise<Contact>;
  listContacts(recipientId: string): Promise<Contact[]>;

  createList(body: { key: string; name: string; description?: string; self_service?: boolean }): Promise<List>;
  listLists(query: { limit?: number; cursor?: string }): Promise<Page<List>>;
  subscribeToList(key: string, recipientIds: string[]): Promise<SubscriptionResult>;
  unsubscribeFromList(key: string, recipientIds: string[]): Promise<SubscriptionResult>;
  addDevice(recipientId: string, body: { platform: string; token: string; app_id?: string; locale?: string }): Promise<Device>;
  listDevices(recipientId: string): Promise<Device[]>;
  deleteDevice(recipientId: string, deviceId: number): Promise<void>;

  listCatalog(): Promise<CatalogEntry[]>;
  upsertCatalog(items: CatalogItem[], prune: boolean): Promise<CatalogEntry[]>;

  send(body: SendBody, idempotencyKey?: string): Promise<{ notification: Notification | null; broadcast: Broadcast | null; failed?: { id: string; batch_index: number }[] }>;
  getNotification(id: number): Promise<Notification>;
  /** GET /notifications/{id}/timeline: its steps in time order. */
  getTimeline(id: number): Promise<{ steps: TimelineStep[] }>;
  getBroadcast(id: number): Promise<Broadcast>;
  /** The project's broadcasts, newest first (at most 100 a page). */
  listBroadcasts(query: { limit?: number; cursor?: string }): Promise<Page<Broadcast>>;
  cancelNotification(id: number): Promise<Notification>;
  cancelBroadcast(id: number): Promise<Broadcast>;
  listFeed(recipientId: string, query: { limit?: number; cursor?: string; channel?: string; topic?: string; event?: string }): Promise<Page<Notification>>;
  /** Snoozes a recipient's notification until then (null: ends its snooze). */
  snoozeNotification(recipientId: string, id: number, until: string | null): Promise<Notification>;
  /** One page of the project's activity, newest first. */
  listActivity(query: ActivityQuery): Promise<Page<Notification>>;
  /** Sends per interval by medium and outcome, the failure rates and the due timers. */
  getStats(query: StatsQuery): Promise<Stats>;
  /** The live feed stream; undefined when the server or the SDK has none (the caller polls). */
  subscribeFeed?(
    recipientId: string,
    handlers: { notification(n: Notification): void; error(err: Error): void },
  ): Promise<FeedSubscription | undefined>;
  /** Follows the project's new outcomes (the activity stream); `connected` on each (re)connection. Undefined: no stream (poll instead). */
  followActivity?(
    filters: ActivityStreamFilters,
    handlers: { notification(n: Notification): void; connected(): void; error(err: Error): void },
  ): Promise<FeedSubscription | undefined>;
}
