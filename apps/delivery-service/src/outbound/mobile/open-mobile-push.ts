import fs from 'node:fs';
import type { Db } from 'mongodb';
import type { Config } from '../../config';
import type { OutcomeEvents } from '../../kernel/outcome-events';
import type { ConfiguredPlatforms, DeviceDirectory } from '../../kernel/ports';
import { toNotification } from '../../kernel/store/notification-repository';
import type { ProviderCredentials } from '../credentials';
import { APNS_ORIGINS, createApnsClient } from './apns-client';
import { cachedCredentials } from './cached-credentials';
import { coalescedDeviceReads } from './coalesced-device-reads';
import { coalescedUnreadCounts, type UnreadCounts } from './coalesced-unread-counts';
import { createFcmClient } from './fcm-client';
import { createMobilePushAttempts, type MobilePushAttempts } from './mobile-push-attempts';
import { createMobilePushSender, type MobilePushSender } from './mobile-push-sender';
import { createProviderShares } from './provider-shares';

export interface OpenMobilePushDeps {
  db: Db;
  devices: DeviceDirectory;
  credentials: ProviderCredentials;
  events: OutcomeEvents;
  /** The in-app unread counts of recipients of a project (`badge: "unread"`). */
  unreadCounts: UnreadCounts;
  now: () => Date;
}

/**
 * Mobile push as the delivery service runs it: the FCM and APNs clients on the configured
 * endpoints (Google's and Apple's unless FCM_API_URL / APNS_URL name the local fakes), the
 * recipients' devices and unread counts read for the jobs in hand together (coalesced-device-reads,
 * coalesced-unread-counts), the projects' provider settings read once every few seconds
 * (cached-credentials), the per-device claims (their indexes ensured by the caller; pruned and
 * erased as their notification is), the pool's shares per provider and per (project, provider),
 * paced by their clock, and which providers a project configured (for gating).
 */
export function openMobilePush(config: Config, deps: OpenMobilePushDeps): { send: MobilePushSender; configuredPlatforms: ConfiguredPlatforms; attempts: MobilePushAttempts; close(): void } {
  const clock = () => deps.now().getTime();
  const apns = createApnsClient({
    origins: config.APNS_URL ? { production: config.APNS_URL, sandbox: config.APNS_URL } : APNS_ORIGINS,
    ...(config.APNS_EXTRA_CA_FILE ? { ca: fs.readFileSync(config.APNS_EXTRA_CA_FILE, 'utf8') } : {}),
    timeoutMs: config.MOBILE_PUSH_TIMEOUT_MS,
    now: clock,
  });
  const fcm = createFcmClient({ baseUrl: config.FCM_API_URL, timeoutMs: config.MOBILE_PUSH_TIMEOUT_MS, now: clock });
  const attempts = createMobilePushAttempts(deps.db);
  const send = createMobilePushSender({
    devices: coalescedDeviceReads(deps.devices),
    credentials: cachedCredentials((projectId, platform) => deps.credentials.read(projectId, platform)),
    fcm,
    apns,
    unreadCount: coalescedUnreadCounts(deps.unreadCounts),
    attempts,
    deviceRemoved: (doc, device) =>
      deps.events.emit([{ id: `mp:${doc._id}:removed:${device.id}`, type: 'device.removed', at: deps.now(), projectId: doc.project_id, recipientId: doc.recipient_id, notification: toNotification(doc), removedDevice: device }]),
    now: deps.now,
    shares: createProviderShares({
      perProvider: config.MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROVIDER,
      perProjectProvider: config.MOBILE_PUSH_MAX_IN_FLIGHT_PER_PROJECT,
      waitingPerProvider: config.MOBILE_PUSH_MAX_WAITING_PER_PROVIDER,
    }, clock),
  });
  const configuredPlatforms: ConfiguredPlatforms = async (projectId) => {
    const views = await deps.credentials.list(projectId);
    return new Set(views.filter((v) => v.configured && (v.name === 'fcm' || v.name === 'apns')).map((v) => v.name));
  };
  return { send, configuredPlatforms, attempts, close: () => apns.close() };
}
