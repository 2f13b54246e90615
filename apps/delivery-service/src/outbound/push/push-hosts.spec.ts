import { readConfig } from '../../config';
import { hostAllowed } from '@herald/service-kit';

/** The default PUSH_ALLOWED_HOSTS: the browsers' push services (FCM, Mozilla, Windows, Apple). */
const BROWSER_PUSH_HOSTS = readConfig({ MONGO_URL: 'mongodb://127.0.0.1', NATS_URL: 'nats://127.0.0.1', SERVICE_TOKEN: 'x'.repeat(32) }).PUSH_ALLOWED_HOSTS.split(',');

describe('push endpoint hosts', () => {
  it.each([
    ['fcm.googleapis.com', true],
    ['FCM.googleapis.com.', true],
    ['updates.push.services.mozilla.com', true],
    ['db5p.notify.windows.com', true],
    ['web.push.apple.com', true],
    ['notify.windows.com', false],
    ['evilnotify.windows.com', false],
    ['fcm.googleapis.com.evil.example', false],
    ['push.example.com', false],
    ['127.0.0.1', false],
    ['localhost', false],
  ])('when the endpoint is on %s, then the default list allows it: %s', (host, allowed) => {
    expect(hostAllowed(host, BROWSER_PUSH_HOSTS)).toBe(allowed);
  });

  it('when the list is `*`, then any host is allowed (the local fake push service)', () => {
    expect(hostAllowed('127.0.0.1', ['*'])).toBe(true);
  });
});
