import { apnsPayload, fcmMessage, MOBILE_PAYLOAD_MAX_BYTES } from './mobile-payload';
import { retryAfterMs } from './push-result';

describe('mobile push payloads', () => {
  const block = { title: 'Hi', body: 'There', data: { id: '7' } };

  it('when a block has a badge and a sound, then APNs gets them in aps beside the data; FCM gets the badge for iOS', () => {
    expect(JSON.parse(apnsPayload({ ...block, badge: 2, sound: 'ping.caf' }))).toEqual({ id: '7', aps: { alert: { title: 'Hi', body: 'There' }, badge: 2, sound: 'ping.caf' } });
    expect(fcmMessage({ ...block, badge: 2 }, 'tok')).toEqual({ message: { token: 'tok', notification: { title: 'Hi', body: 'There' }, data: { id: '7' }, apns: { payload: { aps: { badge: 2 } } } } });
  });

  it('when a payload is over the limit by one byte, then it is refused; at the limit it passes', () => {
    const overhead = apnsPayload({ title: '', body: '' }).length;
    expect(() => apnsPayload({ title: '', body: 'x'.repeat(MOBILE_PAYLOAD_MAX_BYTES - overhead) })).not.toThrow();
    expect(() => apnsPayload({ title: '', body: 'x'.repeat(MOBILE_PAYLOAD_MAX_BYTES - overhead + 1) })).toThrow('Validation failed');
  });

  it.each([
    ['seconds', '7', 7_000],
    ['an HTTP date', new Date(1_000_000 + 3_000).toUTCString(), 3_000],
    ['nothing', undefined, null],
    ['something unreadable', 'soon', null],
  ])('when Retry-After is %s, then the delay is %s ms', (_, header, expected) => {
    expect(retryAfterMs(header, 1_000_000)).toBe(expected);
  });
});
