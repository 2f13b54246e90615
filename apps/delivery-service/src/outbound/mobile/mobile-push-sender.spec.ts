import type { NotificationDoc } from '../../kernel/store/notification-repository';
import type { DevicePushDoc, MobilePushAttempts } from './mobile-push-attempts';
import { createMobilePushSender, type MobilePushSenderDeps, type OutgoingMobilePush } from './mobile-push-sender';
import { createProviderShares } from './provider-shares';
import type { MobilePushResult } from './push-result';

const devices = [
  { id: 1, platform: 'fcm', token: 'fcm-token-1' },
  { id: 2, platform: 'apns', token: 'a'.repeat(64) },
];

/** The per-device claims in memory, as the store keeps them. */
function memoryAttempts(start: Record<number, DevicePushDoc['state']> = {}) {
  const held = new Map<number, { state: DevicePushDoc['state']; detail: string | null }>(Object.entries(start).map(([id, state]) => [Number(id), { state, detail: null }]));
  const attempts: Pick<MobilePushAttempts, 'load' | 'begin' | 'end'> = {
    load: async (_, ids) => new Map(ids.filter((id) => held.has(id)).map((id) => [id, { _id: `9:${id}`, project_id: 1, updated_at: new Date(), ...held.get(id)! }])),
    begin: async (_n, id, retrying) => {
      const before = held.get(id)?.state;
      if (retrying ? before !== 'retry' : before !== undefined) return false;
      held.set(id, { state: 'sending', detail: null });
      return true;
    },
    end: async (_n, id, state, detail) => void held.set(id, { state, detail }),
  };
  return { attempts, held };
}

function senderWith(answers: Record<string, MobilePushResult>, start?: Record<number, DevicePushDoc['state']>, shares?: MobilePushSenderDeps['shares']) {
  const { attempts, held } = memoryAttempts(start);
  const sentTo: string[] = [];
  const removed: number[] = [];
  const answer = async (_: unknown, token: string) => (sentTo.push(token), answers[token] ?? { kind: 'sent' as const, id: `id-${token.slice(0, 3)}` });
  const deps: MobilePushSenderDeps = {
    devices: { list: async () => devices, listForRecipients: async () => new Map(), remove: async (_p, _r, id) => void removed.push(id) },
    credentials: async () => ({ configured: 'yes' }),
    fcm: { send: answer },
    apns: { send: answer },
    unreadCount: async () => 4,
    attempts,
    deviceRemoved: async () => undefined,
    now: () => new Date(),
    shares,
  };
  return { send: createMobilePushSender(deps), sentTo, removed, held, attempts };
}

const push: OutgoingMobilePush = { notification: { _id: 9 } as NotificationDoc, notificationId: 9, projectId: 1, recipientId: 'r', deviceIds: [1, 2], content: { title: 't', body: 'b' } };

describe('the mobile push sender', () => {
  it('when both devices take the push, then it is sent to each once, by its platform', async () => {
    const s = senderWith({});
    expect(await s.send(push)).toEqual({ messageId: 'id-fcm,id-aaa', provider: 'fcm,apns', note: null });
    expect(s.sentTo).toEqual(['fcm-token-1', 'a'.repeat(64)]);
  });

  it('when a worker died while sending to a device, then that device is never sent to again', async () => {
    const s = senderWith({}, { 1: 'sending' });
    const accepted = await s.send(push);
    expect(s.sentTo).toEqual(['a'.repeat(64)]);
    expect(accepted.note).toBe('device 1 failed (interrupted while sending: not sent again)');
  });

  it('when a device was sent in an earlier attempt, then only the device left to retry is sent to', async () => {
    const s = senderWith({}, { 1: 'sent', 2: 'retry' });
    await s.send(push);
    expect(s.sentTo).toEqual(['a'.repeat(64)]);
  });

  it('when a device is gone, then it is removed and the push names it; when every device is gone, then it fails expired', async () => {
    const one = senderWith({ 'fcm-token-1': { kind: 'gone', reason: 'UNREGISTERED' } });
    expect((await one.send(push)).note).toBe('device 1 gone (removed: UNREGISTERED)');
    expect(one.removed).toEqual([1]);
    const all = senderWith({ 'fcm-token-1': { kind: 'gone', reason: 'UNREGISTERED' }, ['a'.repeat(64)]: { kind: 'gone', reason: 'Unregistered' } });
    await expect(all.send(push)).rejects.toMatchObject({ kind: 'expired' });
  });

  it('when a service asks to retry, then the push is retried after the longest Retry-After, and the device is left to retry', async () => {
    const s = senderWith({ 'fcm-token-1': { kind: 'retry', status: 429, reason: 'RESOURCE_EXHAUSTED', retryAfterMs: 7_000 } });
    await expect(s.send(push)).rejects.toMatchObject({ kind: 'transient', retryAfterMs: 7_000 });
    expect(s.held.get(1)?.state).toBe('retry');
    expect(s.held.get(2)?.state).toBe('sent');
  });

  it('when every device ended, then no end is written (the outcome says how each ended) and each claim stays taken', async () => {
    const s = senderWith({ 'fcm-token-1': { kind: 'failed', status: 400, reason: 'INVALID_ARGUMENT' } });
    expect((await s.send(push)).note).toBe('device 1 failed (400 INVALID_ARGUMENT)');
    expect([...s.held.values()].map((h) => h.state)).toEqual(['sending', 'sending']);
  });

  it('when a first attempt finds no record, then none is read: the claims tell; a later attempt reads them first', async () => {
    const first = senderWith({});
    const load = jest.spyOn(first.attempts, 'load');
    await first.send(push);
    expect(load).not.toHaveBeenCalled();
    const later = senderWith({}, { 1: 'sent', 2: 'retry' });
    const loadLater = jest.spyOn(later.attempts, 'load');
    await later.send({ ...push, notification: { _id: 9, mobile_push: { status: 'pending', attempts: 1 } } as NotificationDoc });
    expect([loadLater.mock.calls, later.sentTo]).toEqual([[[9, [1, 2]]], ['a'.repeat(64)]]);
  });

  it('when a provider its devices are on has its share in flight, then nothing is attempted or claimed (busy); pushes on the other provider go', async () => {
    const shares = createProviderShares({ perProvider: 1, perProjectProvider: 0 });
    const slowApns = await shares.take(2, ['apns']);
    const s = senderWith({}, {}, shares);
    await expect(s.send(push)).rejects.toMatchObject({ kind: 'busy', message: expect.stringContaining('apns') });
    expect([s.sentTo, [...s.held.keys()]]).toEqual([[], []]);
    expect(await s.send({ ...push, deviceIds: [1] })).toMatchObject({ provider: 'fcm' });
    if (slowApns.taken) slowApns.release();
    // Another notification (this one's FCM device is claimed): both providers go now.
    expect(await senderWith({}, {}, shares).send(push)).toMatchObject({ provider: 'fcm,apns' });
  });

  it('when a job ends (or fails), then its shares are given back', async () => {
    const shares = createProviderShares({ perProvider: 1, perProjectProvider: 1 });
    const s = senderWith({ 'fcm-token-1': { kind: 'retry', status: 503, reason: 'UNAVAILABLE', retryAfterMs: null } }, {}, shares);
    await expect(s.send(push)).rejects.toMatchObject({ kind: 'transient' });
    expect((await shares.take(1, ['fcm', 'apns'])).taken).toBe(true);
  });
});
