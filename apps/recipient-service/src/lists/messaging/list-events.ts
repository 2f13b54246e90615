import { randomUUID } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { jetstream } from '@nats-io/jetstream';
import { LIST_SUBSCRIBED_SUBJECT, LIST_UNSUBSCRIBED_SUBJECT, ListSubscriptionsChangedSchema } from '@herald/contracts';
import { traceHeaders, type NatsConnection } from '@herald/service-kit';
import type { ListEvents, SubscriptionsChanged } from '../usecases';

/** Publishes a list's subscription changes to the events stream (the webhooks' `list.subscribed` / `list.unsubscribed`). */
export function createListEvents(nc: NatsConnection): ListEvents {
  const js = jetstream(nc);
  return {
    async subscriptionsChanged(e: SubscriptionsChanged): Promise<void> {
      const eventId = randomUUID();
      const msg = create(ListSubscriptionsChangedSchema, {
        eventId,
        projectId: BigInt(e.projectId),
        list: e.list,
        recipientIds: e.recipientIds,
        changedAt: timestampFromDate(e.at),
      });
      const subject = e.change === 'subscribed' ? LIST_SUBSCRIBED_SUBJECT : LIST_UNSUBSCRIBED_SUBJECT;
      await js.publish(subject, toBinary(ListSubscriptionsChangedSchema, msg), { msgID: `list-subscriptions:${eventId}`, headers: traceHeaders() });
    },
  };
}
