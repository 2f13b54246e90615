import { createFakeClock } from '@herald/service-kit';
import webpush from 'web-push';
import { createVapidHeaders, VAPID_LIFETIME_MS, VAPID_RENEW_BEFORE_MS } from './vapid-headers';

const ORIGIN = 'https://push.example';
const OTHER_ORIGIN = 'https://fcm.googleapis.com';
const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@herald.test' };
const otherKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@herald.test' };

/** The claims of the JWT in a `vapid t=<JWT>, k=<key>` header. */
const claimsOf = (header: string) => {
  const jwt = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!jwt) throw new Error(`not a VAPID header: ${header}`);
  return { ...(JSON.parse(Buffer.from(jwt[1].split('.')[1], 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string }), k: jwt[2] };
};

describe('VAPID headers', () => {
  const setup = () => {
    const clock = createFakeClock();
    return { clock, headers: createVapidHeaders(clock) };
  };

  it('when a push service is sent to again within the header’s life, then the same signed header is reused', () => {
    const { clock, headers } = setup();
    const first = headers(ORIGIN, keys);
    clock.advance(VAPID_LIFETIME_MS - VAPID_RENEW_BEFORE_MS - 1);
    expect(headers(ORIGIN, keys)).toBe(first);
    expect(claimsOf(first)).toEqual({ aud: ORIGIN, exp: (Date.UTC(2026, 0, 1) + VAPID_LIFETIME_MS) / 1000, sub: keys.subject, k: keys.publicKey });
  });

  it('when the header comes within the renewal margin of its expiry, then a new one is signed with a later exp', () => {
    const { clock, headers } = setup();
    const first = headers(ORIGIN, keys);
    clock.advance(VAPID_LIFETIME_MS - VAPID_RENEW_BEFORE_MS);
    const renewed = headers(ORIGIN, keys);
    expect(renewed).not.toBe(first);
    expect(claimsOf(renewed).exp).toBe(claimsOf(first).exp + (VAPID_LIFETIME_MS - VAPID_RENEW_BEFORE_MS) / 1000);
    expect(claimsOf(renewed).exp * 1000 - clock.now()).toBe(VAPID_LIFETIME_MS);
  });

  it('when another origin or another key is sent with, then each gets its own header', () => {
    const { headers } = setup();
    const first = headers(ORIGIN, keys);
    const otherOrigin = headers(OTHER_ORIGIN, keys);
    const otherKey = headers(ORIGIN, otherKeys);
    expect(claimsOf(otherOrigin)).toMatchObject({ aud: OTHER_ORIGIN, k: keys.publicKey });
    expect(claimsOf(otherKey)).toMatchObject({ aud: ORIGIN, k: otherKeys.publicKey });
    expect(new Set([first, otherOrigin, otherKey]).size).toBe(3);
    expect(headers(ORIGIN, keys)).toBe(first);
  });
});
