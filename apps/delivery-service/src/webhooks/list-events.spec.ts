import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { LIST_SUBSCRIBED_SUBJECT, LIST_UNSUBSCRIBED_SUBJECT, ListSubscriptionsChangedSchema } from '@herald/contracts';
import { eventBody } from './event-body';
import { listEventAsOutcome } from './list-events';

const change = toBinary(
  ListSubscriptionsChangedSchema,
  create(ListSubscriptionsChangedSchema, { eventId: 'e1', projectId: 7n, list: 'watchers', recipientIds: ['ann', 'bob'], changedAt: timestampFromDate(new Date('2026-01-31T12:00:00Z')) }),
);

describe('list events as webhook events', () => {
  it('when a list.subscribed event arrives, then it is an outcome with a stable id and a {list, recipient_ids} body', () => {
    const ev = listEventAsOutcome(LIST_SUBSCRIBED_SUBJECT, change)!;
    expect(ev).toMatchObject({ id: 'l:e1', type: 'list.subscribed', projectId: 7n });
    expect(JSON.parse(eventBody(ev, new Date())!)).toEqual({ type: 'list.subscribed', timestamp: '2026-01-31T12:00:00Z', data: { list: 'watchers', recipient_ids: ['ann', 'bob'] } });
  });

  it('when an unsubscribe arrives, then its type is list.unsubscribed; another list subject is no webhook event', () => {
    expect(listEventAsOutcome(LIST_UNSUBSCRIBED_SUBJECT, change)?.type).toBe('list.unsubscribed');
    expect(listEventAsOutcome('herald.events.list.renamed', change)).toBeNull();
  });

  it('when the payload does not decode, then it throws (the consumer treats it as poison)', () => {
    expect(() => listEventAsOutcome(LIST_SUBSCRIBED_SUBJECT, new Uint8Array([0xff, 0xff, 0xff]))).toThrow();
  });
});
