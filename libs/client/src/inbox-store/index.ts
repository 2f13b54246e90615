export { createInboxStore, type InboxChange, type InboxSnapshot, type InboxStore, type InboxStoreOptions } from './inbox-store.js';
export { inboxApiOf, type InboxApi, type InboxPage } from './inbox-api.js';
export { inTab, matchesFilter, placeItem, type InboxCounts, type InboxFilter, type NotificationPatch } from './inbox-state.js';
export { withSharedStream } from './shared-stream.js';
export { withFreshToken, withTokenRefresh } from './token-refresh.js';
