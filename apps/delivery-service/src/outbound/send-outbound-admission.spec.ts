import type { Logger } from '@herald/service-kit';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { createMobilePushSender } from './mobile/mobile-push-sender';
import { createProviderShares } from './mobile/provider-shares';
import type { ClaimRequest } from './outbound-claims';
import { createSendOutbound, type SendOutboundDeps } from './send-outbound';

const fcmDevice = { id: 1, platform: 'fcm', token: 'fcm-token-1' };

/** A pending mobile push to the recipient's FCM device, on its first attempt. */
const pushDoc = (id: number): NotificationDoc =>
  ({
    _id: id,
    project_id: 1,
    recipient_id: 'r',
    created_at: new Date(0),
    mobile_push: { status: 'pending', attempts: 0, address: '1' },
    mobile_push_content: { title: 't', body: 'b' },
  }) as unknown as NotificationDoc;

/** The mobile push path with one share of FCM, its store in memory; `fail` makes a step throw. */
function pushPath(fail: { claim?: boolean; device?: boolean; devices?: boolean } = {}) {
  const shares = createProviderShares({ perProvider: 1, perProjectProvider: 0 });
  const claimed: number[] = [];
  const released: number[] = [];
  const sentTo: string[] = [];
  const written: unknown[] = [];
  const mobilePush = createMobilePushSender({
    devices: {
      list: async () => {
        if (fail.devices) throw new Error('recipient service unavailable');
        return [fcmDevice];
      },
      listForRecipients: async () => new Map(), remove: async () => undefined },
    credentials: async () => ({ configured: 'yes' }),
    fcm: { send: async (_c: unknown, token: string) => (sentTo.push(token), { kind: 'sent' as const, id: 'm-1' }) },
    apns: { send: async () => ({ kind: 'sent' as const, id: 'a-1' }) },
    unreadCount: async () => 0,
    attempts: {
      load: async () => new Map(),
      begin: async () => {
        if (fail.device) throw new Error('store unavailable');
        return true;
      },
      end: async () => undefined,
    },
    deviceRemoved: async () => undefined,
    now: () => new Date(0),
    shares,
  });
  const deps = {
    fresh: undefined,
    notifications: { findByIds: async (ids: number[]) => ids.map(pushDoc) },
    outcomes: {
      claimOutbound: async (_m: string, requests: ClaimRequest[]) => {
        if (fail.claim) throw new Error('store unavailable');
        claimed.push(...requests.map((r) => r.id));
        return { held: new Set(requests.map((r) => r.id)), retaken: new Set(), heldElsewhere: new Map() };
      },
      renewOutboundLeases: async () => 0,
      releaseOutbound: async (_m: string, requests: ClaimRequest[]) => void released.push(...requests.map((r) => r.id)),
      writeOutcomes: async (_m: string, changes: unknown[]) => (written.push(...changes), changes.length),
    },
    quota: { reserve: async (_p: number, _q: string, owners: string[]) => new Set(owners) },
    metrics: { outbound: () => undefined, quotaRefused: () => undefined },
    events: { emit: async () => undefined },
    now: () => new Date(0),
    settings: { emailLeaseMs: 30_000, emailMaxAttempts: 3, emailRetryBaseMs: 1_000 },
    mobilePush,
  } as unknown as SendOutboundDeps;
  const send = createSendOutbound(deps, 'mobile_push', { warn: () => undefined } as unknown as Logger);
  return { send, shares, claimed, released, sentTo, written };
}

describe('sending mobile pushes: admission before the claim', () => {
  it('when the provider has its share in flight, then the job is turned away before it is claimed: no claim, no release, tried again later', async () => {
    const p = pushPath();
    const slowFcm = await p.shares.take(2, ['fcm']);
    const steps = await p.send([7]);
    expect([steps.get(7)?.kind, p.claimed, p.released, p.sentTo]).toEqual(['retry', [], [], []]);
    if (slowFcm.taken) slowFcm.release();
    const again = await p.send([7]);
    expect([again.get(7), p.claimed, p.sentTo]).toEqual([{ kind: 'done' }, [7], ['fcm-token-1']]);
  });

  it('when the claim throws, then the shares taken for the batch are given back', async () => {
    const p = pushPath({ claim: true });
    await expect(p.send([7])).rejects.toThrow('store unavailable');
    expect((await p.shares.take(2, ['fcm'])).taken).toBe(true);
  });

  it('when the send throws, then its shares are given back and the push is tried again', async () => {
    const p = pushPath({ device: true });
    expect((await p.send([7])).get(7)?.kind).toBe('retry');
    expect((await p.shares.take(2, ['fcm'])).taken).toBe(true);
  });

  it('when a job cannot be admitted (its devices cannot be read), then it is claimed and fails as its send would: tried again, the attempt counted', async () => {
    const p = pushPath({ devices: true });
    expect((await p.send([7])).get(7)?.kind).toBe('retry');
    expect([p.claimed, p.written]).toEqual([[7], [expect.objectContaining({ id: 7, outcome: expect.objectContaining({ attempts: 1, error: expect.stringContaining('recipient service unavailable') }) })]]);
  });
});
