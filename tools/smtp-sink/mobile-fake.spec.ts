import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

type Handle = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => boolean;
type Behaviour = { control(c: object): Record<string, unknown>; later(scope: string | null, res: EventEmitter, fn: () => void): void };
/* eslint-disable @typescript-eslint/no-require-imports */
const { startMobileFake } = require('./mobile-fake.cjs') as { startMobileFake: () => Promise<{ handle: Handle; apnsOrigin: string; cert: string; close(): Promise<void> }> };
const { createBehaviour } = require('./mobile-fake-behaviour.cjs') as { createBehaviour: (scopeField: string) => Behaviour };
/* eslint-enable @typescript-eslint/no-require-imports */

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe("the mobile push fakes' controls scoped to one project", () => {
  let fake: Awaited<ReturnType<typeof startMobileFake>>;
  let api: http.Server;
  let base: string;
  const control = async (service: 'fcm' | 'apns', body: object) => (await fetch(`${base}/${service}/control`, { method: 'POST', body: JSON.stringify(body) })).json();

  beforeAll(async () => {
    fake = await startMobileFake();
    api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => fake.handle(req, res, body) || res.writeHead(404).end());
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => api.close(r));
    await fake.close();
  });

  it("when one Firebase project's sends are told to fail, then another project's sends and later the whole service's controls are as before", async () => {
    const now = Math.floor(Date.now() / 1000);
    const assertion = `${b64({ alg: 'RS256' })}.${b64({ iss: 'push@a.iam', scope: 'https://www.googleapis.com/auth/firebase.messaging', aud: `${base}/fcm/token`, iat: now, exp: now + 600 })}.sig`;
    const token = (await (await fetch(`${base}/fcm/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }) })).json()).access_token;
    const sendTo = async (project: string, to: string) => {
      const res = await fetch(`${base}/fcm/v1/projects/${project}/messages:send`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ message: { token: to, notification: { title: 't' } } }) });
      return [res.status, res.headers.get('retry-after')];
    };
    expect(await control('fcm', { project: 'proj-b', fail_next: 2, status: 429, retry_after: 7 })).toMatchObject({ project: 'proj-b', fail_next: 2, status: 429 });
    await control('fcm', { project: 'proj-b', gone: 'device-1' });
    expect(await sendTo('proj-a', 'device-1')).toEqual([200, null]);
    expect(await sendTo('proj-b', 'device-2')).toEqual([429, '7']);
    expect(await sendTo('proj-a', 'device-2')).toEqual([200, null]);
    expect(await sendTo('proj-b', 'device-2')).toEqual([429, '7']);
    expect(await sendTo('proj-b', 'device-2')).toEqual([200, null]);
    expect((await sendTo('proj-b', 'device-1'))[0]).toBe(404);
    await control('fcm', { fail_next: 1, status: 500 });
    expect(await sendTo('proj-a', 'device-3')).toEqual([500, null]);
    const received = await (await fetch(`${base}/fcm`)).json();
    expect(received.map((m: { to: string; project: string }) => `${m.project} ${m.to}`)).toEqual(['proj-a device-1', 'proj-a device-2', 'proj-b device-2']);
  });

  it("when one app's APNs requests (its apns-topic) are told to fail, then another app's are answered as before", async () => {
    const key = await (await fetch(`${base}/apns/key`)).json();
    const signed = `${b64({ alg: 'ES256', kid: key.key_id })}.${b64({ iss: key.team_id, iat: Math.floor(Date.now() / 1000) })}`;
    const jwt = `${signed}.${crypto.sign('sha256', Buffer.from(signed), { key: key.key_p8, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
    const session = http2.connect(fake.apnsOrigin, { ca: fake.cert });
    const push = (topic: string) =>
      new Promise<number>((resolve, reject) => {
        const req = session.request({ ':method': 'POST', ':path': `/3/device/${'ab'.repeat(32)}`, authorization: `bearer ${jwt}`, 'apns-topic': topic });
        req.on('response', (h) => resolve(Number(h[':status']))).on('error', reject).end(JSON.stringify({ aps: { alert: { title: 't' } } }));
        req.resume();
      });
    try {
      await control('apns', { topic: 'com.example.b', fail_next: 1, status: 500 });
      expect(await push('com.example.a')).toBe(200);
      expect(await push('com.example.b')).toBe(500);
      expect(await push('com.example.b')).toBe(200);
    } finally {
      session.close();
    }
  });
});

/** An answer not written yet (the delay only listens for its `close`). */
const res = () => Object.assign(new EventEmitter(), { writableEnded: false });

describe("the fakes' delay scoped to one project", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("when one project is slow, then another project's requests are answered at once, and the whole service's delay reaches every project", () => {
    const behaviour = createBehaviour('project');
    const answered: string[] = [];
    behaviour.control({ project: 'b', slow_ms: 2000 });
    behaviour.later('b', res(), () => answered.push('b'));
    behaviour.later('a', res(), () => answered.push('a'));
    behaviour.later(null, res(), () => answered.push('token'));
    expect(answered).toEqual(['a', 'token']);
    jest.advanceTimersByTime(2000);
    expect(answered).toEqual(['a', 'token', 'b']);

    behaviour.control({ project: 'b', slow_ms: 0 });
    behaviour.control({ slow_ms: 500 });
    behaviour.later('a', res(), () => answered.push('a later'));
    behaviour.later('b', res(), () => answered.push('b later'));
    expect(answered).toHaveLength(3);
    jest.advanceTimersByTime(500);
    expect(answered.slice(3)).toEqual(['a later', 'b later']);
  });

  it("when a caller gives up on a held request, then it is counted abandoned for its project and still taken once its delay has passed", () => {
    const behaviour = createBehaviour('project');
    behaviour.control({ project: 'b', slow_ms: 2000 });
    const [first, second] = [res(), res()];
    const answered: number[] = [];
    behaviour.later('b', first, () => answered.push(1));
    behaviour.later('b', second, () => answered.push(2));
    expect(behaviour.control({ project: 'b' })).toMatchObject({ held: 2, abandoned: 0 });
    first.emit('close');
    jest.advanceTimersByTime(2000);
    expect(answered).toEqual([1, 2]);
    expect(behaviour.control({ project: 'b' })).toMatchObject({ held: 0, abandoned: 1 });
    expect(behaviour.control({ project: 'a' })).toMatchObject({ held: 0, abandoned: 0 });
    expect(behaviour.control({})).toMatchObject({ held: 0, abandoned: 1 });
  });
});
