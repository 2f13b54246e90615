export { createInboxStore, type InboxSnapshot, type InboxStore, type InboxStoreOptions } from './inbox-store.js';
export { inboxApiOf, type InboxApi, type InboxPage } from './inbox-api.js';
export { matchesFilter, placeItem, type InboxCounts, type InboxFilter, type NotificationPatch } from './inbox-state.js';
