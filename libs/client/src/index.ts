export { HeraldClient, type FeedTab, type HeraldClientOptions, type Ok, type Body, type Query } from './client.js';
export type {
  Recipient, RecipientInput, Contact, ContactInput, Device, DeviceInput, Provider, ProviderInput, CatalogEntry, CatalogEntryInput, CatalogEntryPatch, Notification, Broadcast,
  SendInput, Project, RecipientToken, BatchFailure, MessageErrorBody, ErrorFamilyBody, List, RecipientListEntry, ListInput,
} from './client.js';
export {
  HeraldError, HeraldValidationError, HeraldAuthenticationError, HeraldPermissionError, HeraldNotFoundError, HeraldConflictError,
  HeraldRateLimitError, HeraldServerError, HeraldNetworkError, errorFromResponse, parseRetryAfter, type ErrorFamily, type Violation,
} from './errors.js';
export { Transport, fillPath, type FetchLike, type RetryOptions } from './http.js';
export type { ActivityStreamFilters, ActivityStreamHandlers } from './activity-stream.js';
export { createSseParser, type StreamEvent, type StreamState, type SubscribeHandlers, type SubscribeOptions, type Subscription } from './sse.js';
export type { paths, components } from './gen/api.js';
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from './webhooks.js';
export {
  enableWebPush,
  disableWebPush,
  base64UrlToBytes,
  WebPushUnavailableError,
  type EnableWebPushOptions,
  type BrowserPushEnvironment,
  type BrowserPushManager,
  type BrowserPushSubscription,
  type WebPushApi,
} from './web-push.js';
export {
  createInboxStore,
  inboxApiOf,
  inTab,
  matchesFilter,
  placeItem,
  withFreshToken,
  withSharedStream,
  withTokenRefresh,
  type InboxApi,
  type InboxChange,
  type InboxCounts,
  type InboxFilter,
  type InboxPage,
  type InboxSnapshot,
  type InboxStore,
  type InboxStoreOptions,
  type NotificationPatch,
} from './inbox-store/index.js';
