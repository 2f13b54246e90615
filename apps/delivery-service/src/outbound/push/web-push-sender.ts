import { createHash } from 'node:crypto';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { ForbiddenAddressError, guardedLookup, hostAllowed, isForbiddenAddress } from '@herald/service-kit';
import webpush, { type PushSubscription } from 'web-push';
import { DeliveryFailure } from '../../kernel/outbound';
import { boundedRequest, BoundedRequestError, type BoundedResponse } from './bounded-request';
import { createHostBreakers, type HostBreakerOptions } from './host-breakers';
import { createInFlight } from './in-flight';
import type { PushSender } from './push-sender';
import { createVapidHeaders, type VapidKeys } from './vapid-headers';

export interface WebPushSenderOptions {
  vapid: VapidKeys;
  /** How long a push service keeps an undelivered message (the TTL header). */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Overall deadline of one request: connecting, the answer's headers and its body. */
  timeoutMs: number;
  /** Hosts endpoints may be on (`*.` a subdomain of; `*` any host). */
  allowedHosts: string[];
  /** Requests in flight to one endpoint host, and of one project, at most (0: no limit); past it a push is `busy` (tried again shortly). */
  maxInFlightPerHost?: number;
  maxInFlightPerProject?: number;
  /** Allow endpoints on loopback, private and reserved addresses (development and tests only). */
  allowPrivate: boolean;
  /** When an endpoint host is backed off (its requests hit the deadline or the answer cap); absent: never. */
  hostBreaker?: HostBreakerOptions;
  /** Extra certificate authorities (PEM) push endpoints may present, beside the system's (the local fake push service). */
  extraCa?: string;
}

/** A push service's `Topic` (at most 32 base64url characters) for a push block's tag: messages of one tag replace each other. */
export const topicOf = (tag: string): string => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Web push with `web-push` (VAPID, RFC 8292; aes128gcm payload encryption, RFC 8291): one POST to
 * the subscription's endpoint with TTL and Urgency (and Topic from the tag). Endpoints only on
 * `allowedHosts` (the browsers' push services by default), connections only to public addresses
 * unless `allowPrivate` (the shared address guard, as for webhooks). Each request has an overall
 * deadline and reads at most 64 KiB of the answer (bounded-request): a hostile endpoint costs a
 * slot for `timeoutMs` at most, and no memory. One endpoint host, and one project, have at most
 * their share of requests in flight: past it a push is `busy`, so its slot of the outbound pool is
 * freed at once for the others (one slow host or one project never takes the pool). A host whose
requests keep hitting the deadline or the cap is backed off (`hostBreaker`, host-breakers). The push service's answer, classified: 404/410 the subscription is gone (`expired`: the contact is marked),
 * 429 and 5xx `transient` (Retry-After kept), 413 and other 4xx `rejected`. Errors never carry the
 * VAPID keys or the subscription's keys.
 */
export function createWebPushSender(opts: WebPushSenderOptions): PushSender {
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 64,
    ...(opts.allowPrivate ? {} : { lookup: guardedLookup }),
    // One TLS context for every connection: passed as `ca`, the whole bundle would be loaded per
    // connection and pasted into the pool's key (https.Agent#getName) per request.
    ...(opts.extraCa ? { secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, opts.extraCa] }) } : {}),
  });
  const byHost = createInFlight(opts.maxInFlightPerHost ?? 0);
  const byProject = createInFlight(opts.maxInFlightPerProject ?? 0);
  const hostBreakers = opts.hostBreaker ? createHostBreakers(opts.hostBreaker) : null;
  // Expiry on the system's time, not a process clock tests may move: the push services check `exp` against theirs.
  const vapidHeaders = createVapidHeaders();
  return {
    name: 'web-push',
    async send(push) {
      let subscription: PushSubscription;
      let endpoint: URL;
      try {
        subscription = JSON.parse(push.subscription) as PushSubscription;
        endpoint = new URL(subscription.endpoint);
      } catch {
        throw new DeliveryFailure('rejected', 'the stored push subscription is not valid JSON with an endpoint');
      }
      const host = endpoint.hostname.replace(/^\[|\]$/g, '');
      if (!hostAllowed(host, opts.allowedHosts)) throw new DeliveryFailure('rejected', `push endpoint host ${host} is not a known push service (PUSH_ALLOWED_HOSTS)`);
      if (!opts.allowPrivate && isIP(host) && isForbiddenAddress(host)) throw new DeliveryFailure('rejected', new ForbiddenAddressError(host, 'PUSH_ALLOW_PRIVATE=1').message);
      // Shares: per endpoint origin (host and port) and per project.
      const origin = endpoint.host;
      const project = String(push.projectId ?? '');
      if (!byHost.tryEnter(origin)) throw new DeliveryFailure('busy', `as many pushes in flight to ${origin} as allowed (PUSH_MAX_IN_FLIGHT_PER_HOST)`);
      if (!byProject.tryEnter(project)) {
        byHost.leave(origin);
        throw new DeliveryFailure('busy', `as many pushes of this project in flight as allowed (PUSH_MAX_IN_FLIGHT_PER_PROJECT)`);
      }
      try {
        // The VAPID header is signed once per push service and reused (vapid-headers), so no vapidDetails here:
        // the library only encrypts, the one part that must be fresh per message.
        const details = webpush.generateRequestDetails(subscription, push.payload, {
          headers: { Authorization: vapidHeaders(endpoint.origin, opts.vapid) },
          TTL: opts.ttlSeconds,
          urgency: opts.urgency,
          ...(push.tag ? { topic: topicOf(push.tag) } : {}),
          contentEncoding: 'aes128gcm',
        });
        const request = () => boundedRequest(details.endpoint, { method: details.method, headers: details.headers, body: details.body, agent, deadlineMs: opts.timeoutMs });
        const res = await (hostBreakers ? hostBreakers.run(origin, request) : request());
        if (res.status < 200 || res.status > 299) throw answerFailure(res);
        const location = res.headers.location;
        return { messageId: typeof location === 'string' ? location : null };
      } catch (err) {
        throw classify(err);
      } finally {
        byHost.leave(origin);
        byProject.leave(project);
      }
    },
    close: () => agent.destroy(),
  };
}

/** A push service's answer other than 2xx: 404/410 the subscription is gone, 429 and 5xx transient (Retry-After kept), other 4xx rejected. */
function answerFailure(res: BoundedResponse): DeliveryFailure {
  const status = res.status;
  const said = res.body.slice(0, 200).trim();
  const message = `push service answered ${status}${said ? `: ${said}` : ''}`;
  if (status === 404 || status === 410) return new DeliveryFailure('expired', message);
  if (status === 429 || status >= 500) {
    const seconds = Number(res.headers['retry-after']);
    return new DeliveryFailure('transient', message, Number.isFinite(seconds) ? seconds * 1000 : undefined);
  }
  return new DeliveryFailure('rejected', message);
}

function classify(err: unknown): DeliveryFailure {
  if (err instanceof DeliveryFailure) return err;
  if (err instanceof ForbiddenAddressError) return new DeliveryFailure('rejected', err.message);
  // An answer larger than the cap is refused for good; one that never ends in time may be a slow moment.
  if (err instanceof BoundedRequestError) return new DeliveryFailure(err.reason === 'too_large' ? 'rejected' : 'transient', err.message);
  const e = err as { code?: string; message?: string };
  // Encryption refused the subscription's keys (thrown before any request): the message can never go.
  if (/p256dh|auth|subscription/i.test(e.message ?? '') && !e.code) return new DeliveryFailure('rejected', String(e.message).slice(0, 300));
  return new DeliveryFailure('transient', `push service: ${e.code ?? e.message ?? 'request failed'}`.slice(0, 300));
}
