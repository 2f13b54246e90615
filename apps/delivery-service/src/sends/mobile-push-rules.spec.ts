import type { DomainError } from '@herald/service-kit';
import { checkSend, type SendInput } from './send-rules';

const base: SendInput = {
  projectId: 1,
  settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, maxBroadcastRecipientsForPush: 100, monthlyQuota: null },
  recipientId: 'r1',
  target: null,
  payloadJson: null,
  email: null,
  sms: null,
  push: null,
  idempotencyKey: '',
};
const mobilePush = { title: 'Deploy finished', body: 'api v42 is live' };
const target = { channel: 'c', topic: 't', event: 'e' };

/** The error code and the offending fields of a send, or `ok`. */
function refusalOf(input: Partial<SendInput>): string {
  try {
    checkSend({ ...base, ...input }, new Date());
    return 'ok';
  } catch (err) {
    const e = err as DomainError;
    return [e.code, ...(e.violations ?? []).map((v) => v.property_path)].join(' ');
  }
}

describe('checkSend with a mobile_push block', () => {
  it.each<[string, SendInput['mobilePush'] | undefined, string]>([
    ['a title and a body only', mobilePush, 'ok'],
    ['every field', { ...mobilePush, data: { id: '7' }, badge: 'unread', sound: 'default', collapse_key: 'deploys', ttl_seconds: 3600 }, 'ok'],
    ['a numeric badge', { ...mobilePush, badge: 3 }, 'ok'],
    ['no title', { ...mobilePush, title: ' ' }, 'validation_failed mobile_push.title'],
    ['no body', { ...mobilePush, body: '' }, 'validation_failed mobile_push.body'],
    ['data that is not strings', { ...mobilePush, data: { n: 1 as unknown as string } }, 'validation_failed mobile_push.data'],
    ['a negative badge', { ...mobilePush, badge: -1 }, 'validation_failed mobile_push.badge'],
    ['a collapse key over 64 bytes', { ...mobilePush, collapse_key: 'k'.repeat(65) }, 'validation_failed mobile_push.collapse_key'],
    ['a TTL over 28 days', { ...mobilePush, ttl_seconds: 28 * 86_400 + 1 }, 'validation_failed mobile_push.ttl_seconds'],
    ['a payload over the 4 KiB the services take', { ...mobilePush, body: 'x'.repeat(4096) }, 'validation_failed mobile_push'],
  ])('when the block has %s, then the send is %s', (_, block, expected) => {
    expect(refusalOf({ mobilePush: block })).toBe(expected);
  });

  it('when a mobile_push block is the only medium, then the send asks for mobile_push', () => {
    expect(checkSend({ ...base, mobilePush }, new Date())).toEqual(['mobile_push']);
  });

  const toList = { recipientIds: [], list: 'beta', excludeRecipientIds: [] };
  const toIds = { recipientIds: ['a', 'b'], list: null, excludeRecipientIds: [] };
  it.each<[string, Partial<SendInput>, string]>([
    ['a broadcast under the default cap (0)', {}, 'broadcast_mobile_push_not_allowed'],
    ['a broadcast with a broadcast cap of 0', { settings: { ...base.settings, maxBroadcastRecipientsForMobilePush: 0 } }, 'broadcast_mobile_push_not_allowed'],
    ['a broadcast with a broadcast cap of 10', { settings: { ...base.settings, maxBroadcastRecipientsForMobilePush: 10 } }, 'ok'],
    ['a list send under the default list cap', { audience: toList }, 'ok'],
    ['a send to ids under the default list cap', { audience: toIds }, 'ok'],
    ['a list send with a list cap of 0', { audience: toList, settings: { ...base.settings, maxListRecipientsForMobilePush: 0 } }, 'list_mobile_push_not_allowed'],
    ['a send to ids with a list cap of 0', { audience: toIds, settings: { ...base.settings, maxListRecipientsForMobilePush: 0 } }, 'list_mobile_push_not_allowed'],
    ['a list send with a broadcast cap of 0 and the default list cap', { audience: toList, settings: { ...base.settings, maxBroadcastRecipientsForMobilePush: 0 } }, 'ok'],
  ])('when %s carries a mobile_push block, then the answer is %s', (_, over, expected) => {
    expect(refusalOf({ recipientId: null, target, payloadJson: '{}', mobilePush, ...over })).toBe(expected);
  });
});
