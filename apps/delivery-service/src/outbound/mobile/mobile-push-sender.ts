import { DomainError } from '@herald/service-kit';
import { expiresAt, type MobilePushContent } from '../../kernel/notification';
import { DeliveryFailure, type Accepted } from '../../kernel/outbound';
import type { DeviceDirectory } from '../../kernel/ports';
import { outcomeOf, type NotificationDoc } from '../../kernel/store/notification-repository';
import type { ApnsClient, ApnsSettings } from './apns-client';
import type { FcmClient, FcmSettings } from './fcm-client';
import type { MobilePushAttempts, PushedNotification } from './mobile-push-attempts';
import { mobilePushBlock } from './mobile-push-block';
import type { MobilePushBlock } from './mobile-payload';
import type { ProviderShares } from './provider-shares';
import type { MobilePushResult } from './push-result';

/** The ports the mobile push sender works with. */
export interface MobilePushSenderDeps {
  devices: DeviceDirectory;
  /** The project's settings of a provider in clear; null when it has not configured it. */
  credentials: (projectId: number, platform: 'fcm' | 'apns') => Promise<Record<string, string> | null>;
  fcm: Pick<FcmClient, 'send'>;
  apns: Pick<ApnsClient, 'send'>;
  /** The recipient's in-app unread count now (`badge: "unread"`). */
  unreadCount: (projectId: number, recipientId: string) => Promise<number>;
  attempts: Pick<MobilePushAttempts, 'load' | 'begin' | 'end'>;
  /** Told of each device removed because its provider reported it gone (the `device.removed` event). */
  deviceRemoved: (notification: NotificationDoc, device: { id: number; platform: string }) => Promise<void>;
  now: () => Date;
  /** Shares of the pool per provider and per (project, provider); absent: no limit. */
  shares?: Pick<ProviderShares, 'place'>;
}

/** One notification's pushes: to these devices (the ids its gating chose). */
export interface OutgoingMobilePush {
  notification: NotificationDoc;
  notificationId: number;
  projectId: number;
  recipientId: string;
  deviceIds: number[];
  content: MobilePushContent;
}

interface DeviceEnd {
  deviceId: number;
  state: 'sent' | 'gone' | 'failed' | 'retry';
  detail: string | null;
  platform?: string;
  retryAfterMs?: number | null;
  /** Reached in this attempt on a claim this worker holds: recorded when the notification is to be tried again. */
  reachedNow?: true;
}

/**
 * A push admitted (its places in line at its providers kept: `send` it, or `release` them if it is
 * not sent), or turned away (nothing held) and when to come back.
 */
export type MobilePushAdmission =
  | { taken: true; send(latest?: Pick<OutgoingMobilePush, 'notification' | 'content'>): Promise<Accepted>; release(): void }
  | { taken: false; reason: string; retryAfterMs: number };

/** What is recorded for a device's push of this notification. */
type Held = { state: string; detail: string | null };

const ENDED = new Set(['sent', 'gone', 'failed']);

/** The notification the per-device records belong to, with its expiry (they go with it). */
const pushedNotification = (push: OutgoingMobilePush): PushedNotification => {
  const doc = push.notification;
  const expiry = doc.expires_at !== undefined ? doc.expires_at : doc.settings ? expiresAt(doc.settings, doc.created_at) : null;
  return { projectId: push.projectId, notificationId: push.notificationId, recipientId: push.recipientId, expiresAt: expiry };
};

/**
 * Sends one notification's mobile pushes, one request per device through FCM or APNs (by the
 * device's platform, with the project's credentials), each device at most once (see
 * mobile-push-attempts). A device reported gone is removed through the recipient service at once.
 * Resolves when some device took it (the others named in `note`); throws a DeliveryFailure
 * `transient` while a device is to be tried again (429, 5xx, no answer: after the longest
 * Retry-After given), `expired` when every device was gone, `rejected` when none took it. Before
 * any device it takes a share of each provider its devices are on (provider-shares), waiting its
 * turn while the provider's shares are in flight; `busy` (nothing attempted, no device claimed)
 * when that provider's queue is full too (told to come back when a share is likely free), so a
 * slow provider never holds the other's pushes. `admit` is that first step alone: the outbound
 * path admits a job before it claims it, so a job turned away costs no claim.
 */
export function createMobilePushSender(deps: MobilePushSenderDeps) {
  async function pushOne(push: OutgoingMobilePush, device: { id: number; platform: string; token: string }, block: MobilePushBlock): Promise<DeviceEnd> {
    const credentials = await deps.credentials(push.projectId, device.platform as 'fcm' | 'apns');
    if (!credentials) return { deviceId: device.id, state: 'failed', detail: `${device.platform} is not configured` };
    let result: MobilePushResult;
    try {
      result =
        device.platform === 'fcm'
          ? await deps.fcm.send(credentials as unknown as FcmSettings, device.token, block)
          : await deps.apns.send(credentials as unknown as ApnsSettings, device.token, block);
    } catch (err) {
      // A payload the service would refuse (a longer token than the send-time check assumed).
      if (err instanceof DomainError) return { deviceId: device.id, state: 'failed', detail: err.message };
      throw err;
    }
    switch (result.kind) {
      case 'sent':
        return { deviceId: device.id, state: 'sent', detail: result.id, platform: device.platform };
      case 'gone':
        await deps.devices.remove(push.projectId, push.recipientId, device.id);
        await deps.deviceRemoved(push.notification, { id: device.id, platform: device.platform });
        return { deviceId: device.id, state: 'gone', detail: `removed: ${result.reason}` };
      case 'retry':
        return { deviceId: device.id, state: 'retry', detail: `${result.status} ${result.reason}`, retryAfterMs: result.retryAfterMs };
      case 'failed':
        return { deviceId: device.id, state: 'failed', detail: `${result.status} ${result.reason}` };
    }
  }

  /**
   * One device, claimed before its request; a claim left `sending` by a dead worker is never sent
   * again. `held` is what is recorded for it, or 'not read' on a first attempt: then the claim's
   * insert finds out, and the record is read only when there is one (a worker died before writing
   * the notification's outcome).
   */
  async function deviceEnd(push: OutgoingMobilePush, deviceId: number, held: Held | undefined | 'not read', devices: Map<number, { id: number; platform: string; token: string }>, block: () => Promise<MobilePushBlock>): Promise<DeviceEnd> {
    if (held === 'not read') {
      if (await deps.attempts.begin(pushedNotification(push), deviceId, false, deps.now())) return sendClaimed(push, devices.get(deviceId)!, block);
      return deviceEnd(push, deviceId, (await deps.attempts.load(push.notificationId, [deviceId])).get(deviceId), devices, block);
    }
    if (held && ENDED.has(held.state)) return { deviceId, state: held.state as DeviceEnd['state'], detail: held.detail, platform: devices.get(deviceId)?.platform };
    const reached = (e: DeviceEnd): DeviceEnd => ({ ...e, reachedNow: true });
    if (held?.state === 'sending') return reached({ deviceId, state: 'failed', detail: 'interrupted while sending: not sent again' });
    const device = devices.get(deviceId);
    if (!device) return reached({ deviceId, state: 'failed', detail: 'the device was removed before sending' });
    if (!(await deps.attempts.begin(pushedNotification(push), deviceId, held?.state === 'retry', deps.now()))) {
      return { deviceId, state: 'retry', detail: 'another worker is sending it', retryAfterMs: null };
    }
    return sendClaimed(push, device, block);
  }

  async function sendClaimed(push: OutgoingMobilePush, device: { id: number; platform: string; token: string }, block: () => Promise<MobilePushBlock>): Promise<DeviceEnd> {
    const end = await pushOne(push, device, await block()).catch((err): DeviceEnd => ({ deviceId: device.id, state: 'retry', detail: String((err as Error)?.message ?? err).slice(0, 200), retryAfterMs: null }));
    return { ...end, reachedNow: true };
  }

  /**
   * The devices' ends of an attempt after which the notification is tried again, so that the next
   * attempt sends only to the devices left `retry`. When every device ended, nothing is written
   * here: the notification's outcome, written next, says how each device ended, and no later
   * attempt reads these claims (a worker killed before that outcome leaves them `sending`: not
   * sent again).
   */
  async function recordForNextAttempt(push: OutgoingMobilePush, ends: DeviceEnd[]): Promise<void> {
    const owner = pushedNotification(push);
    await Promise.all(ends.filter((e) => e.reachedNow).map((e) => deps.attempts.end(owner, e.deviceId, e.state, e.detail, deps.now())));
  }

  /**
   * Reads the push's devices (and, on a later attempt, their records) and keeps a place in line at
   * each provider its owed devices are on (provider-shares): nothing is claimed or sent yet.
   * Admitted, `send` takes the shares (waiting its turn) and gives them back as it ends, or
   * `release` gives the places up; turned away, it holds nothing.
   */
  async function admit(push: OutgoingMobilePush): Promise<MobilePushAdmission> {
    const byId = new Map((await deps.devices.list(push.projectId, push.recipientId)).map((d) => [d.id, d]));
    // A first attempt to devices all still there reads no records: each claim's insert tells whether one exists.
    const firstAttempt = outcomeOf(push.notification, 'mobile_push').attempts === 0 && push.deviceIds.every((id) => byId.has(id));
    const held = firstAttempt ? new Map<number, Held>() : await deps.attempts.load(push.notificationId, push.deviceIds);
    const owed = push.deviceIds.filter((id) => !ENDED.has(held.get(id)?.state ?? '') && byId.has(id));
    const places = deps.shares?.place(push.projectId, owed.map((id) => byId.get(id)!.platform)) ?? { placed: true as const, take: async () => () => undefined, giveUp: () => undefined };
    if (!places.placed) return { taken: false, reason: places.reason, retryAfterMs: places.retryAfterMs };
    let state: 'placed' | 'sending' | 'ended' = 'placed';
    const release = () => {
      if (state === 'placed') places.giveUp();
      state = 'ended';
    };
    return {
      taken: true,
      release,
      send: async (latest) => {
        if (state !== 'placed') throw new Error('a mobile push admission sends once');
        state = 'sending';
        const giveBack = await places.take();
        try {
          return await sendToDevices({ ...push, ...latest }, firstAttempt ? 'not read' : held, byId);
        } finally {
          state = 'ended';
          giveBack();
        }
      },
    };
  }

  /** Admits the push and sends it: `busy` (nothing attempted, no device claimed) when it is turned away. */
  async function sendMobilePush(push: OutgoingMobilePush): Promise<Accepted> {
    const admitted = await admit(push);
    if (!admitted.taken) throw new DeliveryFailure('busy', admitted.reason, admitted.retryAfterMs);
    return admitted.send();
  }

  async function sendToDevices(push: OutgoingMobilePush, held: Map<number, Held> | 'not read', byId: Map<number, { id: number; platform: string; token: string }>): Promise<Accepted> {
    let built: Promise<MobilePushBlock> | undefined;
    const block = () => (built ??= (push.content.badge === 'unread' ? deps.unreadCount(push.projectId, push.recipientId) : Promise.resolve(0)).then((unread) => mobilePushBlock(push.content, unread)));
    const ends = await Promise.all(push.deviceIds.map((id) => deviceEnd(push, id, held === 'not read' ? held : held.get(id), byId, block)));
    const summary = ends.map((e) => `device ${e.deviceId} ${e.state}${e.detail && e.state !== 'sent' ? ` (${e.detail})` : ''}`).join('; ');
    const retrying = ends.filter((e) => e.state === 'retry');
    if (retrying.length > 0) {
      await recordForNextAttempt(push, ends);
      const waits = retrying.map((e) => e.retryAfterMs).filter((ms): ms is number => typeof ms === 'number');
      throw new DeliveryFailure('transient', summary, waits.length > 0 ? Math.max(...waits) : undefined);
    }
    const sent = ends.filter((e) => e.state === 'sent');
    if (sent.length === 0) throw new DeliveryFailure(ends.every((e) => e.state === 'gone') ? 'expired' : 'rejected', summary);
    const others = ends.filter((e) => e.state !== 'sent');
    return {
      messageId: sent.map((e) => e.detail).filter(Boolean).join(',') || null,
      provider: [...new Set(sent.map((e) => e.platform ?? 'unknown'))].join(','),
      note: others.length > 0 ? others.map((e) => `device ${e.deviceId} ${e.state} (${e.detail})`).join('; ') : null,
    };
  }

  return Object.assign(sendMobilePush, { admit });
}

export type MobilePushSender = ReturnType<typeof createMobilePushSender>;
