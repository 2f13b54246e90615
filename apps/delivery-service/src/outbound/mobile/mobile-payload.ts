import { invalid, violation } from '@herald/service-kit';

/** The `mobile_push` block of a send. */
export interface MobilePushBlock {
  title: string;
  body: string;
  data?: Record<string, string>;
  /** The app icon's badge; `unread` is resolved to the recipient's unread count before this point. */
  badge?: number;
  sound?: string;
  collapseKey?: string;
  ttlSeconds?: number;
}

/** Both services refuse more: APNs 4 KiB of payload, FCM 4 KiB of message. */
export const MOBILE_PAYLOAD_MAX_BYTES = 4096;

function assertFits(what: string, bytes: number): void {
  if (bytes > MOBILE_PAYLOAD_MAX_BYTES) {
    throw invalid('Validation failed', [violation('mobile_push', `the ${what} payload is ${bytes} bytes, more than the ${MOBILE_PAYLOAD_MAX_BYTES} the service accepts`, null)]);
  }
}

/** The APNs JSON payload (aps + the data as custom keys), checked against the 4 KiB limit. */
export function apnsPayload(block: MobilePushBlock): string {
  const aps = { alert: { title: block.title, body: block.body }, ...(block.badge === undefined ? {} : { badge: block.badge }), ...(block.sound ? { sound: block.sound } : {}) };
  const text = JSON.stringify({ ...(block.data ?? {}), aps });
  assertFits('APNs', Buffer.byteLength(text));
  return text;
}

/** The FCM v1 message for one registration token, checked against the 4 KiB limit. */
export function fcmMessage(block: MobilePushBlock, token: string): { message: Record<string, unknown> } {
  const android = {
    ...(block.collapseKey ? { collapse_key: block.collapseKey } : {}),
    ...(block.ttlSeconds === undefined ? {} : { ttl: `${block.ttlSeconds}s` }),
    ...(block.sound ? { notification: { sound: block.sound } } : {}),
  };
  const message = {
    token,
    notification: { title: block.title, body: block.body },
    ...(block.data ? { data: block.data } : {}),
    ...(Object.keys(android).length > 0 ? { android } : {}),
    ...(block.badge === undefined ? {} : { apns: { payload: { aps: { badge: block.badge } } } }),
  };
  assertFits('FCM', Buffer.byteLength(JSON.stringify(message)));
  return { message };
}
