import { base64UrlToBytes, disableWebPush, enableWebPush, WebPushUnavailableError, type BrowserPushEnvironment, type BrowserPushSubscription } from './web-push';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function fakeBrowser(opts: { permission?: string; existingKey?: Uint8Array } = {}) {
  const calls: string[] = [];
  let current: BrowserPushSubscription | null = null;
  const subscription = (key: Uint8Array): BrowserPushSubscription => ({
    endpoint: 'https://push.example/s/1',
    options: { applicationServerKey: key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer },
    toJSON: () => ({ endpoint: 'https://push.example/s/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: async () => {
      calls.push('unsubscribe');
      current = null;
      return true;
    },
  });
  if (opts.existingKey) current = subscription(opts.existingKey);
  const env: BrowserPushEnvironment = {
    requestPermission: async () => {
      calls.push('permission');
      return opts.permission ?? 'granted';
    },
    serviceWorker: {
      register: async (url, o) => {
        calls.push(`register ${url}${o?.scope ? ` ${o.scope}` : ''}`);
      },
      ready: Promise.resolve({
        pushManager: {
          getSubscription: async () => current,
          subscribe: async (o) => {
            calls.push(`subscribe userVisibleOnly=${o.userVisibleOnly} key=${o.applicationServerKey.length}`);
            current = subscription(o.applicationServerKey);
            return current;
          },
        },
      }),
    },
  };
  return { env, calls };
}

describe('enableWebPush', () => {
  it('when permission is granted, then it registers the worker, subscribes with the VAPID key and stores the subscription as the contact', async () => {
    const { env, calls } = fakeBrowser();
    const stored: [string, string][] = [];
    const r = await enableWebPush({ vapidPublicKey: async () => KEY, storeSubscription: async (rid, json) => stored.push([rid, json]) }, 'ann', { environment: env, serviceWorkerUrl: '/sw.js', scope: '/app/' });
    expect(calls).toEqual(['permission', 'register /sw.js /app/', 'subscribe userVisibleOnly=true key=65']);
    expect(stored).toEqual([['ann', JSON.stringify({ endpoint: 'https://push.example/s/1', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } })]]);
    expect(r.endpoint).toBe('https://push.example/s/1');
  });

  it('when the browser already has a subscription with this key, then it is reused; with another key, it is replaced', async () => {
    const reuse = fakeBrowser({ existingKey: base64UrlToBytes(KEY) });
    await enableWebPush({ vapidPublicKey: async () => KEY, storeSubscription: async () => undefined }, 'ann', { environment: reuse.env });
    expect(reuse.calls).toEqual(['permission', 'register /herald-sw.js']);
    const stale = fakeBrowser({ existingKey: new Uint8Array(65) });
    await enableWebPush({ vapidPublicKey: async () => KEY, storeSubscription: async () => undefined }, 'ann', { environment: stale.env });
    expect(stale.calls).toEqual(['permission', 'register /herald-sw.js', 'unsubscribe', 'subscribe userVisibleOnly=true key=65']);
  });

  it('when the user does not allow notifications, then it fails and stores nothing', async () => {
    const { env, calls } = fakeBrowser({ permission: 'denied' });
    const store = jest.fn();
    await expect(enableWebPush({ vapidPublicKey: async () => KEY, storeSubscription: store }, 'ann', { environment: env })).rejects.toBeInstanceOf(WebPushUnavailableError);
    expect(store).not.toHaveBeenCalled();
    expect(calls).toEqual(['permission']);
  });

  it('when there is no browser push support, then it says so', async () => {
    await expect(enableWebPush({ vapidPublicKey: async () => KEY, storeSubscription: async () => undefined }, 'ann')).rejects.toThrow('does not support web push');
  });

  it('when disabled, then the browser subscription is unsubscribed', async () => {
    const { env, calls } = fakeBrowser();
    await expect(disableWebPush({ environment: env })).resolves.toBe(false);
    const withSub = fakeBrowser({ existingKey: new Uint8Array(65) });
    await expect(disableWebPush({ environment: withSub.env })).resolves.toBe(true);
    expect([calls, withSub.calls]).toEqual([[], ['unsubscribe']]);
  });
});

describe('base64UrlToBytes', () => {
  it('when a VAPID key is decoded, then it is the 65-byte uncompressed point', () => {
    const bytes = base64UrlToBytes(KEY);
    expect([bytes.length, bytes[0]]).toEqual([65, 4]);
  });
});
