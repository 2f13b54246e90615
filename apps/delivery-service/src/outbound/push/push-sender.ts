import type { Provider } from '../provider';

/** One web push message to hand to the subscription's push service. */
export interface OutgoingPush {
  /** The PushSubscription JSON as stored on the contact (`{"endpoint", "keys": {"p256dh", "auth"}}`). */
  subscription: string;
  /** What the service worker receives (encrypted, aes128gcm): the push block and the notification id, as JSON. */
  payload: string;
  /** The push block's `tag`: messages of one tag replace each other at the push service (Topic header). */
  tag?: string;
  /** The notification's project (its share of the requests in flight). */
  projectId?: number;
}

/** The web push port: the VAPID sender (outbound/push/web-push-sender.ts). */
export type PushSender = Provider<OutgoingPush>;
