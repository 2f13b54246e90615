// Bundled on the fly by bench/notifications-store.bench.mjs (esbuild): the notifications
// collection's indexes exactly as the delivery service creates them at start (server.ts), and the
// field order it stores a notification in.
import type { Db } from 'mongodb';
import { createActivityRepository } from '../apps/delivery-service/src/feed/activity-repository';
import { createFeedRepository } from '../apps/delivery-service/src/feed/feed-repository';
import { createSnoozeRepository } from '../apps/delivery-service/src/feed/snooze-repository';
import { createNotificationRepository } from '../apps/delivery-service/src/kernel/store/notification-repository';
export { keyFieldsFirst } from '../apps/delivery-service/src/kernel/store/key-fields-first';

export async function ensureNotificationIndexes(db: Db): Promise<void> {
  for (const repo of [createNotificationRepository(db), createFeedRepository(db), createSnoozeRepository(db), createActivityRepository(db)]) await repo.ensureIndexes();
}
