import { deviceViolations, normalizeToken } from './device-rules';

const apns = 'a1'.repeat(32);
const fcm = 'dGhpcyBpcyBhIHRva2Vu:APA91bH' + 'x_-'.repeat(40);

describe('device rules', () => {
  it.each([
    ['an APNs token of 64 hex digits', { platform: 'apns', token: apns.toUpperCase() }],
    ['an FCM registration token', { platform: 'fcm', token: fcm }],
    ['an app id and a locale', { platform: 'fcm', token: fcm, appId: 'com.example.app', locale: 'pt-BR' }],
  ])('when the device has %s, then it is valid', (_, input) => {
    expect(deviceViolations(input)).toEqual([]);
  });

  it.each([
    ['an unknown platform', { platform: 'hms', token: fcm }, 'platform'],
    ['an APNs token of 63 digits', { platform: 'apns', token: apns.slice(1) }, 'token'],
    ['an APNs token with a non-hex digit', { platform: 'apns', token: `g${apns.slice(1)}` }, 'token'],
    ['an FCM token that is too short', { platform: 'fcm', token: 'abc' }, 'token'],
    ['an FCM token with a space', { platform: 'fcm', token: `${fcm} x` }, 'token'],
    ['an empty app id', { platform: 'fcm', token: fcm, appId: '' }, 'app_id'],
    ['a locale that is not a language tag', { platform: 'fcm', token: fcm, locale: 'en_US!' }, 'locale'],
  ])('when the device has %s, then the violation names %s', (_, input, field) => {
    expect(deviceViolations(input).map((v) => v.property_path)).toEqual([field]);
  });

  it('when an APNs token is stored, then it is lowercase; an FCM token is kept as sent', () => {
    expect(normalizeToken('apns', apns.toUpperCase())).toBe(apns);
    expect(normalizeToken('fcm', 'AbC')).toBe('AbC');
  });
});
