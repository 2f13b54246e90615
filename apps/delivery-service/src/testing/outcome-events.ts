import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { BroadcastSchema, NotificationSchema, OUTCOMES_STREAM, OutcomeEventSchema, outcomeSubject, type OutcomeEvent, type OutcomeType } from '@herald/contracts';
import { connectNats, type NatsConnection } from '@herald/service-kit';
import { jetstream } from '@nats-io/jetstream';

let seq = 1_000_000 + Math.floor(Math.random() * 1_000_000);

/** An OutcomeEvent as the delivery service publishes it (COORD contract), for one notification or a broadcast. */
export function outcomeEvent(projectId: bigint, type: OutcomeType, opts: { notificationId?: number; recipientId?: string; id?: string } = {}) {
  const now = new Date();
  const n = opts.notificationId ?? ++seq;
  if (type.startsWith('broadcast.')) {
    const status = type.slice('broadcast.'.length);
    return create(OutcomeEventSchema, {
      id: opts.id ?? `b:${n}:${status}`,
      type,
      timestamp: timestampFromDate(now),
      projectId,
      recipientId: '',
      broadcast: create(BroadcastSchema, {
        id: BigInt(n),
        target: { channel: 'c', topic: 't', event: 'e' },
        payloadJson: '{"k":1}',
        status,
        recipientsTotal: 3n,
        notificationsCreated: 3n,
        createdAt: timestampFromDate(now),
        updatedAt: timestampFromDate(now),
      }),
    });
  }
  const recipientId = opts.recipientId ?? 'alice';
  return create(OutcomeEventSchema, {
    id: opts.id ?? `n:${n}:${type}`,
    type,
    timestamp: timestampFromDate(now),
    projectId,
    recipientId,
    notification: create(NotificationSchema, {
      id: BigInt(n),
      recipientId,
      payloadJson: '{"title":"hi"}',
      target: { channel: 'c', topic: 't', event: 'e' },
      read: type === 'notification.read',
      opened: false,
      createdAt: timestampFromDate(now),
      updatedAt: timestampFromDate(now),
      status: type.startsWith('notification.') && !['notification.read', 'notification.opened'].includes(type) ? type.slice('notification.'.length) : 'delivered',
      email: { status: 'not_requested', attempts: 0 },
    }),
  });
}

/** Publishes outcome events on the outcomes stream, each with its id as msgID (as the delivery service does). */
export async function outcomePublisher(natsUrl: string) {
  const nc: NatsConnection = await connectNats(natsUrl, 'test-outcomes');
  const js = jetstream(nc);
  return {
    async publish(...events: ReturnType<typeof outcomeEvent>[]) {
      for (const ev of events) {
        await js.publish(outcomeSubject(ev.projectId, ev.recipientId || null, ev.type as OutcomeType), toBinary(OutcomeEventSchema, ev), { msgID: ev.id });
      }
    },
    close: () => nc.drain(),
  };
}

/** Every outcome event the stream receives from now on, kept in arrival order (an ordered consumer). */
export interface OutcomeCollector {
  events: OutcomeEvent[];
  /** The events with this id (a repeat dropped by the stream appears once). */
  ofId(id: string): OutcomeEvent[];
  stop(): Promise<void>;
}

export async function collectOutcomes(natsUrl: string): Promise<OutcomeCollector> {
  const nc: NatsConnection = await connectNats(natsUrl, 'test-outcome-collector');
  const consumer = await jetstream(nc).consumers.get(OUTCOMES_STREAM);
  const messages = await consumer.consume();
  const events: OutcomeEvent[] = [];
  const loop = (async () => {
    for await (const m of messages) events.push(fromBinary(OutcomeEventSchema, m.data));
  })();
  return {
    events,
    ofId: (id) => events.filter((e) => e.id === id),
    async stop() {
      await messages.close();
      await loop.catch(() => undefined);
      await nc.drain();
    },
  };
}
