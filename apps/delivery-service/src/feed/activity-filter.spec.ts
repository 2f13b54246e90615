import { DomainError } from '@herald/service-kit';
import { activityStoreFilter, type ActivityFilter } from './activity-filter';

describe('the activity filter', () => {
  it.each<[string, ActivityFilter, Record<string, string | number>]>([
    ['no filter', {}, {}],
    ['a recipient', { recipientId: 'u1' }, { recipient_id: 'u1' }],
    ['a recipient and a status', { recipientId: 'u1', status: 'delivered' }, { recipient_id: 'u1', status: 'delivered' }],
    ['a status', { status: 'suppressed' }, { status: 'suppressed' }],
    ['a channel', { channel: 'billing' }, { target_channel: 'billing' }],
    ['a channel, topic and event', { channel: 'billing', topic: 'any', event: 'invoice' }, { target_channel: 'billing', target_topic: 'any', target_event: 'invoice' }],
    ['a medium and its outcome', { medium: 'web_push', outcome: 'failed' }, { push_status: 'failed' }],
    ['a broadcast', { broadcastId: 7 }, { broadcast_id: 7 }],
  ])('when it is %s, then it becomes the store filter its index serves', (_label, filter, expected) => {
    expect(activityStoreFilter(filter)).toEqual(expected);
  });

  it.each<[string, ActivityFilter]>([
    ['a topic without its channel', { topic: 'any' }],
    ['a status and a channel', { status: 'failed', channel: 'billing' }],
    ['a recipient and an outcome', { recipientId: 'u1', medium: 'email', outcome: 'failed' }],
  ])('when it is %s, then it is refused as not indexed', (_label, filter) => {
    expect(() => activityStoreFilter(filter)).toThrow(expect.objectContaining({ code: 'filter_not_indexed', kind: 'invalid' }) as unknown as DomainError);
  });

  it('when the medium is unknown, then it is refused', () => {
    expect(() => activityStoreFilter({ medium: 'fax', outcome: 'failed' })).toThrow('medium is unknown');
  });
});
