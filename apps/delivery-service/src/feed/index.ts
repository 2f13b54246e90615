export { type CountUnreadDeps, createCountUnread } from './count-unread';
export { createListFeed, type ListFeedDeps } from './list-feed';
export { createListActivity, type ListActivityDeps } from './list-activity';
export { createActivityRepository } from './activity-repository';
export { createMarkAllRead, type MarkAllReadDeps } from './mark-all-read';
export { createUpdateNotification, type UpdateNotificationDeps } from './update-notification';
export { createFeedRepository } from './feed-repository';
export { feedRoutes } from './feed-routes';
