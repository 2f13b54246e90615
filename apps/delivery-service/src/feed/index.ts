export { type CountUnreadDeps, createCountUnread } from './count-unread';
export { type CountUnseenDeps, createCountUnseen } from './count-unseen';
export { createListFeed, type ListFeedDeps } from './list-feed';
export { createMarkAllRead, type MarkAllReadDeps } from './mark-all-read';
export { createMarkAllSeen, type MarkAllSeenDeps } from './mark-all-seen';
export { createUpdateNotifications, type UpdateNotificationsDeps } from './update-notifications';
export { createUpdateNotification, type UpdateNotificationDeps } from './update-notification';
export { createFeedRepository } from './feed-repository';
export { feedRoutes } from './feed-routes';
