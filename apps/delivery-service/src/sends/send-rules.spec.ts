import { DomainError } from '@herald/service-kit';
import { checkSend, type SendInput } from './send-rules';

const NOW = new Date();

const base: SendInput = {
  projectId: 1,
  settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null },
  recipientId: 'r1',
  target: null,
  payloadJson: '{"title":"hi"}',
  email: null,
  sms: null,
  push: null,
  idempotencyKey: '',
};
const push = { title: 'Build failed', body: 'main is red' };
const target = { channel: 'c', topic: 't', event: 'e' };

function codeOf(input: Partial<SendInput>): string {
  try {
    checkSend({ ...base, ...input }, NOW);
    return 'ok';
  } catch (err) {
    return (err as DomainError).code;
  }
}

describe('checkSend', () => {
  it.each<[string, Partial<SendInput>, string]>([
    ['a direct payload send', {}, 'ok'],
    ['an email-only direct send', { payloadJson: null, email: { subject: 's', html: '<p>x</p>' } }, 'ok'],
    ['neither payload nor email', { payloadJson: null }, 'no_medium'],
    ['a broadcast with neither', { recipientId: null, target, payloadJson: null }, 'no_medium'],
    ['a broadcast without target', { recipientId: null }, 'validation_failed'],
    ['a broadcast with email only', { recipientId: null, target, payloadJson: null, email: { subject: 's', html: 'h' } }, 'validation_failed'],
    ['a broadcast with email and cap 0', { recipientId: null, target, email: { subject: 's', html: 'h' } }, 'broadcast_email_not_allowed'],
    [
      'a broadcast with email and cap 10',
      { recipientId: null, target, email: { subject: 's', html: 'h' }, settings: { ...base.settings, maxBroadcastRecipientsForEmail: 10 } },
      'ok',
    ],
    // The shared recipient-id rule (libs/service-kit validation): characters are code points, C1 controls count.
    ['a recipient id of 256 astral characters', { recipientId: '😀'.repeat(256) }, 'ok'],
    ['a recipient id with a C1 control', { recipientId: 'a\u0085b' }, 'validation_failed'],
    ['a recipient id with a trailing space', { recipientId: 'a ' }, 'validation_failed'],
    ['a payload that is an array', { payloadJson: '[1]' }, 'validation_failed'],
    ['a payload that is a string', { payloadJson: '"x"' }, 'validation_failed'],
    ['a payload of 64 KiB', { payloadJson: JSON.stringify({ a: 'x'.repeat(64 * 1024 - 8) }) }, 'ok'],
    ['a payload over 64 KiB', { payloadJson: JSON.stringify({ a: 'x'.repeat(64 * 1024) }) }, 'validation_failed'],
    ['an empty subject', { email: { subject: '', html: 'h' } }, 'validation_failed'],
    ['a sender name for this send', { email: { subject: 's', html: 'h', from_name: 'Acme Billing' } }, 'ok'],
    ['a blank sender name', { email: { subject: 's', html: 'h', from_name: ' ' } }, 'validation_failed'],
    ['a sender name with a line break', { email: { subject: 's', html: 'h', from_name: 'A\r\nBcc: x@y.z' } }, 'validation_failed'],
    ['a sender name of 257', { email: { subject: 's', html: 'h', from_name: 'n'.repeat(257) } }, 'validation_failed'],
    ['a subject of 998', { email: { subject: 's'.repeat(998), html: 'h' } }, 'ok'],
    ['a subject of 999', { email: { subject: 's'.repeat(999), html: 'h' } }, 'validation_failed'],
    ['html over 512 KiB', { email: { subject: 's', html: 'h'.repeat(512 * 1024 + 1) } }, 'validation_failed'],
    ['text of 512 KiB', { email: { subject: 's', html: 'h', text: 't'.repeat(512 * 1024) } }, 'ok'],
    ['text over 512 KiB', { email: { subject: 's', html: 'h', text: 't'.repeat(512 * 1024 + 1) } }, 'validation_failed'],
    ['text over 512 KiB in bytes', { email: { subject: 's', html: 'h', text: 'é'.repeat(256 * 1024 + 1) } }, 'validation_failed'],
    ['a target missing its topic', { target: { channel: 'c', topic: '', event: 'e' } }, 'validation_failed'],
    ['a target field of 129', { target: { ...target, event: 'e'.repeat(129) } }, 'validation_failed'],
    ['an empty recipient id', { recipientId: '' }, 'validation_failed'],
    ['a recipient id with surrounding space', { recipientId: ' r' }, 'validation_failed'],
    // SMS and web push blocks.
    ['an sms-only direct send', { payloadJson: null, sms: { text: 'Your code is 1234' } }, 'ok'],
    ['a push-only direct send', { payloadJson: null, push }, 'ok'],
    ['an sms text of 1,600 characters', { sms: { text: '😀'.repeat(1600) } }, 'ok'],
    ['an sms text of 1,601 characters', { sms: { text: 'x'.repeat(1601) } }, 'validation_failed'],
    ['an empty sms text', { sms: { text: '' } }, 'validation_failed'],
    ['a blank sms text', { sms: { text: '  ' } }, 'validation_failed'],
    ['a push without title', { push: { ...push, title: '' } }, 'validation_failed'],
    ['a push without body', { push: { ...push, body: '' } }, 'validation_failed'],
    ['a push with an https url, icon and tag', { push: { ...push, url: 'https://app.example/builds/7', icon: 'https://app.example/i.png', tag: 'build-7' } }, 'ok'],
    ['a push url that is not http(s)', { push: { ...push, url: 'javascript:alert(1)' } }, 'validation_failed'],
    ['a push url that is relative', { push: { ...push, url: '/builds/7' } }, 'validation_failed'],
    ['a push tag of 65', { push: { ...push, tag: 't'.repeat(65) } }, 'validation_failed'],
    ['a push of 3,000 bytes serialized', { push: { title: 't', body: 'b'.repeat(3000 - JSON.stringify({ title: 't', body: '' }).length) } }, 'ok'],
    ['a push over 3,000 bytes serialized', { push: { title: 't', body: 'b'.repeat(3001 - JSON.stringify({ title: 't', body: '' }).length) } }, 'validation_failed'],
    ['a broadcast with sms', { recipientId: null, target, sms: { text: 'hi' } }, 'broadcast_sms_not_allowed'],
    ['a broadcast with push and cap 0', { recipientId: null, target, push }, 'broadcast_push_not_allowed'],
    ['a broadcast with push and cap 10', { recipientId: null, target, push, settings: { ...base.settings, maxBroadcastRecipientsForPush: 10 } }, 'ok'],
    ['a broadcast with push only', { recipientId: null, target, payloadJson: null, push, settings: { ...base.settings, maxBroadcastRecipientsForPush: 10 } }, 'validation_failed'],
  ])('when %s, then %s', (_name, input, expected) => {
    expect(codeOf(input)).toBe(expected);
  });

  it('when several properties are invalid, then each is listed with its path', () => {
    try {
      checkSend({ ...base, target: { channel: '', topic: 't', event: '' }, email: { subject: '', html: 'h' } }, NOW);
      throw new Error('expected a failure');
    } catch (err) {
      expect((err as DomainError).violations.map((v) => v.property_path).sort()).toEqual(['email.subject', 'target.channel', 'target.event']);
    }
  });

  it('when the send carries payload and email, then it asks for both mediums', () => {
    expect(checkSend({ ...base, email: { subject: 's', html: 'h' } }, NOW)).toEqual(['in_app', 'email']);
  });

  it('when the send carries every block, then it asks for all four mediums', () => {
    expect(checkSend({ ...base, email: { subject: 's', html: 'h' }, sms: { text: 'x' }, push }, NOW)).toEqual(['in_app', 'email', 'sms', 'web_push']);
  });
});
