import { createHash } from 'node:crypto';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress } from '@herald/service-kit';
import webpush, { WebPushError, type PushSubscription } from 'web-push';
import { DeliveryFailure } from '../../kernel/outbound';
import type { PushSender } from './push-sender';

export interface VapidKeys {
  /** base64url, uncompressed P-256 point (what browsers take as `applicationServerKey`). */
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` contact for the push services (RFC 8292 `sub`). */
  subject: string;
}

export interface WebPushSenderOptions {
  vapid: VapidKeys;
  /** How long a push service keeps an undelivered message (the TTL header). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  timeoutMs: number;
  /** Allow endpoints on loopback, private and reserved addresses (development and tests only). */
  allowPrivate: boolean;
  /** Extra certificate authorities (PEM) push endpoints may present, beside the system's (the local fake push service). */
  extraCa?: string;
}

/** A push service's `Topic` (at most 32 base64url characters) for a push block's tag: messages of one tag replace each other. */
export const topicOf = (tag: string): string => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Web push with `web-push` (VAPID, RFC 8292; aes128gcm payload encryption, RFC 8291): one POST to
 * the subscription's endpoint with TTL and Urgency (and Topic from the tag). Connections go only to
 * public addresses unless `allowPrivate` (the shared address guard, as for webhooks). The push
 * service's answer, classified: 404/410 the subscription is gone (`expired`: the contact is marked),
 * 429 and 5xx `transient` (Retry-After kept), 413 and other 4xx `rejected`. Errors never carry the
 * VAPID keys or the subscription's keys.
 */
export function createWebPushSender(opts: WebPushSenderOptions): PushSender {
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 64,
    ...(opts.allowPrivate ? {} : { lookup: guardedLookup }),
    ...(opts.extraCa ? { ca: [...tls.rootCertificates, opts.extraCa] } : {}),
  });
  const vapidDetails = { subject: opts.vapid.subject, publicKey: opts.vapid.publicKey, privateKey: opts.vapid.privateKey };
  return {
    name: 'web-push',
    async send(push) {
      let subscription: PushSubscription;
      try {
        subscription = JSON.parse(push.subscription) as PushSubscription;
        new URL(subscription.endpoint);
      } catch {
        throw new DeliveryFailure('rejected', 'the stored push subscription is not valid JSON with an endpoint');
      }
      const host = new URL(subscription.endpoint).hostname.replace(/^\[|\]$/g, '');
      if (!opts.allowPrivate && isIP(host) && isForbiddenAddress(host)) throw new DeliveryFailure('rejected', new ForbiddenAddressError(host, 'PUSH_ALLOW_PRIVATE=1').message);
      try {
        const res = await webpush.sendNotification(subscription, push.payload, {
          vapidDetails,
          TTL: opts.ttlSeconds,
          urgency: opts.urgency,
          ...(push.tag ? { topic: topicOf(push.tag) } : {}),
          contentEncoding: 'aes128gcm',
          agent,
          timeout: opts.timeoutMs,
        });
        const location = res.headers?.location;
        return { messageId: typeof location === 'string' ? location : null };
      } catch (err) {
        throw classify(err);
      }
    },
    close: () => agent.destroy(),
  };
}

function classify(err: unknown): DeliveryFailure {
  if (err instanceof WebPushError) {
    const status = err.statusCode;
    const said = String(err.body ?? '').slice(0, 200).trim();
    const message = `push service answered ${status}${said ? `: ${said}` : ''}`;
    if (status === 404 || status === 410) return new DeliveryFailure('expired', message);
    if (status === 429 || status >= 500) {
      const header = err.headers?.['retry-after' as keyof typeof err.headers] as unknown as string | undefined;
      const seconds = Number(header);
      return new DeliveryFailure('transient', message, Number.isFinite(seconds) ? seconds * 1000 : undefined);
    }
    return new DeliveryFailure('rejected', message);
  }
  if (err instanceof ForbiddenAddressError) return new DeliveryFailure('rejected', err.message);
  const e = err as { code?: string; message?: string };
  // Encryption refused the subscription's keys (thrown before any request): the message can never go.
  if (/p256dh|auth|subscription/i.test(e.message ?? '') && !e.code) return new DeliveryFailure('rejected', String(e.message).slice(0, 300));
  return new DeliveryFailure('transient', `push service: ${e.code ?? e.message ?? 'request failed'}`.slice(0, 300));
}
