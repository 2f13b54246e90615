import { DomainError } from '@herald/service-kit';
import { checkAudience, type AudienceRequest } from './audience-rules';
import { checkSend, type SendInput } from './send-rules';

const none: AudienceRequest = { recipientIds: [], list: null, excludeRecipientIds: [] };
const ids = (n: number, prefix = 'u') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

function codeOf(recipientId: string | null, req: Partial<AudienceRequest>): string {
  try {
    checkAudience(recipientId, { ...none, ...req });
    return 'ok';
  } catch (err) {
    return (err as DomainError).code;
  }
}

describe('checkAudience', () => {
  it.each<[string, string | null, Partial<AudienceRequest>, string]>([
    ['a direct send', 'r1', {}, 'ok'],
    ['a plain broadcast', null, {}, 'ok'],
    ['recipient ids', null, { recipientIds: ['a', 'b'] }, 'ok'],
    ['a list', null, { list: 'issue-1042:watchers' }, 'ok'],
    ['a broadcast leaving some out', null, { excludeRecipientIds: ['a'] }, 'ok'],
    ['list and recipient_id', 'r1', { list: 'l' }, 'audience_conflict'],
    ['recipient_ids and recipient_id', 'r1', { recipientIds: ['a'] }, 'audience_conflict'],
    ['list and recipient_ids', null, { list: 'l', recipientIds: ['a'] }, 'audience_conflict'],
    ['exclusions on a direct send', 'r1', { excludeRecipientIds: ['a'] }, 'audience_conflict'],
    ['1,000 ids', null, { recipientIds: ids(1000) }, 'ok'],
    ['1,001 ids', null, { recipientIds: ids(1001) }, 'validation_failed'],
    ['1,001 ids of which two are the same', null, { recipientIds: [...ids(1000), 'u0'] }, 'ok'],
    ['100 exclusions', null, { recipientIds: ['a'], excludeRecipientIds: ids(100, 'x') }, 'ok'],
    ['101 exclusions', null, { recipientIds: ['a'], excludeRecipientIds: ids(101, 'x') }, 'validation_failed'],
    ['an invalid exclusion', null, { recipientIds: ['a'], excludeRecipientIds: [' x'] }, 'validation_failed'],
    ['a list key with a space', null, { list: 'a b' }, 'validation_failed'],
    ['only invalid ids', null, { recipientIds: ['', ' a'] }, 'validation_failed'],
  ])('when %s, then %s', (_what, recipientId, req, code) => {
    expect(codeOf(recipientId, req)).toBe(code);
  });

  it('when ids repeat, fail the id rules or are excluded, then the stored ids are sorted and unique, and the failures name their positions', () => {
    const { audience, failed } = checkAudience(null, { recipientIds: ['c', 'a', 'c', ' bad', 'b', 'x'], list: null, excludeRecipientIds: ['x'] });
    expect(audience).toEqual({ recipient_ids: ['a', 'b', 'c'], exclude_recipient_ids: ['x'] });
    expect(failed).toEqual([{ id: ' bad', batchIndex: 3, errors: [expect.objectContaining({ property_path: 'recipient_id' })] }]);
  });
});

describe('checkSend on a send to many', () => {
  const base: SendInput = {
    projectId: 1,
    settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null },
    recipientId: null,
    target: { channel: 'c', topic: 't', event: 'e' },
    payloadJson: '{"title":"hi"}',
    email: { subject: 's', html: 'h' },
    sms: null,
    push: null,
    idempotencyKey: '',
  };
  const code = (input: Partial<SendInput>) => {
    try {
      checkSend({ ...base, ...input }, new Date());
      return 'ok';
    } catch (err) {
      return (err as DomainError).code;
    }
  };

  it('when it names recipient ids or a list, then email is allowed under the list cap (default 10,000), not the broadcast cap', () => {
    expect(code({ audience: { ...none, recipientIds: ['a'] } })).toBe('ok');
    expect(code({ audience: { ...none, list: 'l' } })).toBe('ok');
    expect(code({ audience: { ...none, list: 'l' }, settings: { ...base.settings, maxListRecipientsForEmail: 0 } })).toBe('list_email_not_allowed');
    expect(code({ audience: { ...none, excludeRecipientIds: ['a'] } })).toBe('broadcast_email_not_allowed');
  });

  it('when it carries push or sms, then the list cap of that medium decides', () => {
    const push = { title: 't', body: 'b' };
    expect(code({ email: null, push, audience: { ...none, recipientIds: ['a'] } })).toBe('ok');
    expect(code({ email: null, push, audience: { ...none, recipientIds: ['a'] }, settings: { ...base.settings, maxListRecipientsForPush: 0 } })).toBe('list_push_not_allowed');
    expect(code({ email: null, sms: { text: 'x' }, audience: { ...none, recipientIds: ['a'] } })).toBe('ok');
    expect(code({ email: null, sms: { text: 'x' }, audience: { ...none, list: 'l' }, settings: { ...base.settings, maxListRecipientsForSms: 0 } })).toBe('list_sms_not_allowed');
    expect(code({ email: null, sms: { text: 'x' }, audience: { ...none, excludeRecipientIds: ['a'] } })).toBe('broadcast_sms_not_allowed');
  });
});
