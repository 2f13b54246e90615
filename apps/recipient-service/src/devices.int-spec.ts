import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(60_000);

const apnsToken = (n: number) => n.toString(16).padStart(64, '0');
const fcmToken = 'cXk3ZmRzYTpBUEE5MWJI' + '-_x'.repeat(40);

describe('recipient service: devices', () => {
  let svc: TestRecipientService;
  beforeAll(async () => {
    svc = await startRecipientService('devices');
  });
  afterAll(() => svc.close());

  const withRecipients = async (...ids: string[]) => {
    const projectId = svc.project();
    for (const id of ids) await svc.client.createRecipient({ projectId, id });
    return projectId;
  };
  const tokensOf = async (projectId: bigint, recipientId: string) => (await svc.client.listDevices({ projectId, recipientId })).devices.map((d) => d.token);

  it('when a device is registered, then it lists with its platform, token, app id and locale', async () => {
    const projectId = await withRecipients('ann');
    const res = await svc.client.addDevice({ projectId, recipientId: 'ann', platform: 'fcm', token: fcmToken, appId: 'com.example.app', locale: 'de-DE' });
    expect(res.created).toBe(true);
    expect(res.device).toMatchObject({ recipientId: 'ann', platform: 'fcm', token: fcmToken, appId: 'com.example.app', locale: 'de-DE' });
    expect((await svc.client.listDevices({ projectId, recipientId: 'ann' })).devices).toEqual([res.device]);
  });

  it('when the same token is registered twice, then it is one device (an APNs token in any case)', async () => {
    const projectId = await withRecipients('ann');
    const first = await svc.client.addDevice({ projectId, recipientId: 'ann', platform: 'apns', token: apnsToken(0xabc) });
    const again = await svc.client.addDevice({ projectId, recipientId: 'ann', platform: 'apns', token: apnsToken(0xabc).toUpperCase(), locale: 'fr' });
    expect([first.created, again.created, again.device?.id, again.device?.locale]).toEqual([true, false, first.device?.id, 'fr']);
    expect(await tokensOf(projectId, 'ann')).toEqual([apnsToken(0xabc)]);
  });

  it('when another recipient registers the token, then the device moves to it', async () => {
    const projectId = await withRecipients('ann', 'bob');
    await svc.client.addDevice({ projectId, recipientId: 'ann', platform: 'fcm', token: fcmToken });
    await svc.client.addDevice({ projectId, recipientId: 'bob', platform: 'fcm', token: fcmToken });
    expect([await tokensOf(projectId, 'ann'), await tokensOf(projectId, 'bob')]).toEqual([[], [fcmToken]]);
  });

  it('when a 21st device is registered, then the least recently registered one goes', async () => {
    const projectId = await withRecipients('ann');
    for (let n = 1; n <= 21; n++) await svc.client.addDevice({ projectId, recipientId: 'ann', platform: 'apns', token: apnsToken(n) });
    const tokens = await tokensOf(projectId, 'ann');
    expect(tokens).toHaveLength(20);
    expect(tokens).not.toContain(apnsToken(1));
    expect(tokens).toContain(apnsToken(21));
  });

  it.each([
    ['an unknown platform', { platform: 'hms', token: fcmToken }, 'platform'],
    ['an APNs token that is not 64 hex digits', { platform: 'apns', token: 'xyz' }, 'token'],
    ['an FCM token with spaces', { platform: 'fcm', token: `${fcmToken} ${fcmToken}` }, 'token'],
  ])('when a device has %s, then validation_failed names %s', async (_, device, field) => {
    const projectId = await withRecipients('ann');
    const err = await errorOf(svc.client.addDevice({ projectId, recipientId: 'ann', ...device }));
    expect(err).toMatchObject({ code: 'validation_failed' });
    expect(err.violations.map((v) => v.property_path)).toEqual([field]);
  });

  it('when a device is deleted, then it is gone; deleting it again answers device_not_found', async () => {
    const projectId = await withRecipients('ann');
    const { device } = await svc.client.addDevice({ projectId, recipientId: 'ann', platform: 'fcm', token: fcmToken });
    await svc.client.deleteDevice({ projectId, recipientId: 'ann', deviceId: device!.id });
    expect(await tokensOf(projectId, 'ann')).toEqual([]);
    expect(await errorOf(svc.client.deleteDevice({ projectId, recipientId: 'ann', deviceId: device!.id }))).toMatchObject({ code: 'device_not_found' });
  });

  it('when the recipient is unknown, then recipient_not_found', async () => {
    const projectId = await withRecipients();
    expect(await errorOf(svc.client.addDevice({ projectId, recipientId: 'ghost', platform: 'fcm', token: fcmToken }))).toMatchObject({ code: 'recipient_not_found' });
  });

  it("when many recipients' devices are asked for at once, then one call answers each one's devices, oldest first, and none for the others", async () => {
    const projectId = await withRecipients('ann', 'bob', 'cy');
    await svc.client.addDevice({ projectId, recipientId: 'bob', platform: 'apns', token: apnsToken(1) });
    await svc.client.addDevice({ projectId, recipientId: 'ann', platform: 'fcm', token: fcmToken });
    await svc.client.addDevice({ projectId, recipientId: 'bob', platform: 'apns', token: apnsToken(2) });
    const other = await withRecipients('ann');
    await svc.client.addDevice({ projectId: other, recipientId: 'ann', platform: 'apns', token: apnsToken(3) });
    const { devices } = await svc.client.listDevicesForRecipients({ projectId, recipientIds: ['bob', 'ann', 'cy', 'ghost', 'bob'] });
    expect(devices.map((d) => [d.recipientId, d.token])).toEqual([
      ['ann', fcmToken],
      ['bob', apnsToken(1)],
      ['bob', apnsToken(2)],
    ]);
  });

  it('when more than 1,000 recipients are asked for in one call, then validation_failed', async () => {
    const projectId = await withRecipients();
    const recipientIds = Array.from({ length: 1001 }, (_, i) => `r${i}`);
    expect(await errorOf(svc.client.listDevicesForRecipients({ projectId, recipientIds }))).toMatchObject({ code: 'validation_failed' });
  });

  it('when the recipient is erased, then its devices go with it', async () => {
    const projectId = await withRecipients('ann');
    await svc.client.addDevice({ projectId, recipientId: 'ann', platform: 'fcm', token: fcmToken });
    await svc.client.deleteRecipient({ projectId, id: 'ann' });
    await svc.client.createRecipient({ projectId, id: 'ann' });
    expect(await tokensOf(projectId, 'ann')).toEqual([]);
  });
});
