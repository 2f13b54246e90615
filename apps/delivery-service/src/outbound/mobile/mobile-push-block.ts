import type { MobilePushContent } from '../../kernel/notification';
import { apnsPayload, fcmMessage, type MobilePushBlock } from './mobile-payload';

/** The block the clients send: the stored content with `badge: "unread"` resolved to `unread`. */
export function mobilePushBlock(c: MobilePushContent, unread: number): MobilePushBlock {
  return {
    title: c.title,
    body: c.body,
    ...(c.data !== undefined ? { data: c.data } : {}),
    ...(c.badge === undefined ? {} : { badge: c.badge === 'unread' ? unread : c.badge }),
    ...(c.sound !== undefined ? { sound: c.sound } : {}),
    ...(c.collapse_key !== undefined ? { collapseKey: c.collapse_key } : {}),
    ...(c.ttl_seconds !== undefined ? { ttlSeconds: c.ttl_seconds } : {}),
  };
}

/** A registration token as long as FCM's usually are, for sizing a message before the device is known. */
const TYPICAL_FCM_TOKEN = 'x'.repeat(200);
/** The widest badge `unread` may become. */
const WIDEST_UNREAD = 999_999;

/**
 * Refuses at send time a block that one of the services would refuse (more than 4 KiB of APNs
 * payload or of FCM message): a DomainError `validation_failed` naming `mobile_push`.
 */
export function checkMobilePushSize(c: MobilePushContent): void {
  const block = mobilePushBlock(c, WIDEST_UNREAD);
  apnsPayload(block);
  fcmMessage(block, TYPICAL_FCM_TOKEN);
}
