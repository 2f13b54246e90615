import { create, fromBinary } from '@bufbuild/protobuf';
import { AckPolicy, DeliverPolicy, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import {
  EVENTS_STREAM,
  EVENTS_SUBJECT_PREFIX,
  LIST_SUBSCRIBED_SUBJECT,
  LIST_UNSUBSCRIBED_SUBJECT,
  ListSubscriptionsChangedSchema,
  OutcomeEventSchema,
  WEBHOOK_LIST_EVENTS_CONSUMER,
  type OutcomeEvent,
} from '@herald/contracts';
import { ensureConsumer, type NatsConnection, type Outcome } from '@herald/service-kit';
import type { EndpointPresence } from './endpoint-presence';
import type { FanOutEvent } from './fan-out';

const TYPE_OF_SUBJECT: ReadonlyMap<string, string> = new Map([
  [LIST_SUBSCRIBED_SUBJECT, 'list.subscribed'],
  [LIST_UNSUBSCRIBED_SUBJECT, 'list.unsubscribed'],
]);

/**
 * The webhook fan-out's durable consumer of the recipient service's list subscription events on
 * the events stream: explicit acks, new events only when first created (as the outcome consumer).
 */
export function ensureListEventsConsumer(nc: NatsConnection, ackWaitMs: number): Promise<void> {
  return ensureConsumer(nc, EVENTS_STREAM, {
    durable_name: WEBHOOK_LIST_EVENTS_CONSUMER,
    filter_subject: `${EVENTS_SUBJECT_PREFIX}.list.>`,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    max_ack_pending: 10_000,
  });
}

/**
 * A list subscription event as the fan-out takes it: an outcome event `list.subscribed` or
 * `list.unsubscribed`, its id `l:<event id>` (the same on every redelivery, so the delivery log
 * keeps one record per endpoint). null for another list subject (no webhook type); throws on a
 * payload that does not decode.
 */
export function listEventAsOutcome(subject: string, data: Uint8Array): OutcomeEvent | null {
  const type = TYPE_OF_SUBJECT.get(subject);
  if (!type) return null;
  const change = fromBinary(ListSubscriptionsChangedSchema, data);
  return create(OutcomeEventSchema, { id: `l:${change.eventId}`, type, timestamp: change.changedAt, projectId: change.projectId, listSubscriptions: change });
}

/**
 * The list events consumer's batch handler: events of projects with endpoints go to the fan-out
 * (acknowledged once it has written their deliveries), the others are acknowledged at once.
 */
export function handleListEvents(deps: { fanOut: (events: FanOutEvent[]) => Promise<void>; presence: Pick<EndpointPresence, 'has'> }) {
  return async function handleBatch(msgs: JsMsg[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const events: FanOutEvent[] = [];
    for (const m of msgs) {
      let event: OutcomeEvent | null;
      try {
        event = listEventAsOutcome(m.subject, m.data);
      } catch {
        outcomes.push({ poison: 'undecodable list event' });
        continue;
      }
      if (event && (await deps.presence.has(Number(event.projectId)))) events.push({ event, redelivered: m.info.redelivered });
      outcomes.push({ ack: true });
    }
    await deps.fanOut(events);
    return outcomes;
  };
}
