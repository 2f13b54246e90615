export { HeraldProvider, useHerald, type HeraldProviderProps, type HeraldContextValue } from './herald-provider.js';
export { useNotifications, useCounts, type NotificationsView } from './use-notifications.js';
export { usePreferences, type PreferencesView } from './use-preferences.js';
export { Inbox, type InboxProps } from './inbox.js';
export { heraldApiOf, type HeraldApi, type PreferenceChange, type RecipientPreference } from './herald-api.js';
export type { StoreOptions } from './store-cache.js';
export type { InboxCounts, InboxFilter, InboxSnapshot, Notification } from '@herald/client';
