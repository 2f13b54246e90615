import { call, createProject, TIMESTAMP, uniqueId, type JsonBody, type TestProject } from '../../testing/rest-client';

const apnsToken = 'ab'.repeat(32);
const fcmToken = 'cXk3ZmRzYTpBUEE5MWJI' + '-_x'.repeat(40);

describe('devices', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('devices');
  });

  const newRecipient = async () => {
    const id = uniqueId();
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    return id;
  };
  const register = (rid: string, body: unknown, key = p.fullKey) => call('POST', `/recipients/${rid}/devices`, { key, body });
  const list = async (rid: string) => (await call('GET', `/recipients/${rid}/devices`, { key: p.fullKey })).body.data.devices as JsonBody[];

  it('when a device is registered, then 201 with the device; registering the token again answers the same device', async () => {
    const rid = await newRecipient();
    const res = await register(rid, { platform: 'apns', token: apnsToken, app_id: 'com.example.app', locale: 'en-GB' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Device registered',
      data: { id: expect.any(Number), platform: 'apns', token: apnsToken, app_id: 'com.example.app', locale: 'en-GB', created_at: expect.stringMatching(TIMESTAMP), updated_at: expect.stringMatching(TIMESTAMP) },
    });
    const again = await register(rid, { platform: 'apns', token: apnsToken.toUpperCase() });
    expect([again.status, again.body.message, again.body.data.id, again.body.data.app_id]).toEqual([201, 'Device registered again', res.body.data.id, null]);
    expect(await list(rid)).toEqual([again.body.data]);
  });

  it("when the app registers with the recipient's own token, then it may list and delete its devices too", async () => {
    const rid = await newRecipient();
    const token = (await call('POST', `/recipients/${rid}/tokens`, { key: p.fullKey, body: { ttl_seconds: 600 } })).body.data.token as string;
    const device = (await register(rid, { platform: 'fcm', token: fcmToken }, token)).body.data;
    expect((await call('GET', `/recipients/${rid}/devices`, { key: token })).body.data.devices).toEqual([device]);
    expect((await call('DELETE', `/recipients/${rid}/devices/${device.id}`, { key: token })).status).toBe(200);
    expect(await list(rid)).toEqual([]);
    const other = await newRecipient();
    expect((await register(other, { platform: 'fcm', token: fcmToken }, token)).status).toBe(403);
  });

  it('when another recipient registers the token, then the device moves to it', async () => {
    const [a, b] = [await newRecipient(), await newRecipient()];
    await register(a, { platform: 'fcm', token: fcmToken });
    await register(b, { platform: 'fcm', token: fcmToken });
    expect([(await list(a)).length, (await list(b)).map((d) => d.token)]).toEqual([0, [fcmToken]]);
  });

  it.each([
    ['an unknown platform', { platform: 'hms', token: fcmToken }, 'platform'],
    ['an APNs token that is not 64 hex digits', { platform: 'apns', token: 'abc' }, 'token'],
    ['an FCM token with spaces', { platform: 'fcm', token: 'not a registration token at all, no' }, 'token'],
    ['no token', { platform: 'fcm' }, 'token'],
  ])('when a device has %s, then 400 names %s', async (_, body, field) => {
    const res = await register(await newRecipient(), body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: JsonBody) => e.property_path)).toContain(field);
  });

  it('when the device or the recipient does not exist, then 404', async () => {
    const rid = await newRecipient();
    expect((await call('DELETE', `/recipients/${rid}/devices/99999999`, { key: p.fullKey })).body).toEqual({ message: 'Device not found', code: 'device_not_found' });
    expect((await call('DELETE', `/recipients/${rid}/devices/nope`, { key: p.fullKey })).status).toBe(404);
    expect((await register('ghost-device-owner', { platform: 'fcm', token: fcmToken })).status).toBe(404);
  });
});
