import { fromBinary } from '@bufbuild/protobuf';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { OUTCOMES_STREAM, OUTCOMES_SUBJECT_PREFIX, OutcomeEventSchema, type OutcomeEvent } from '@herald/contracts';
import type { NatsConnection } from '@herald/service-kit';

/** Test helpers of time-aware delivery. */

/** An RFC 3339 time `ms` from now (second precision is not required: milliseconds are kept). */
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

export interface SinkMail {
  id: number;
  to: string[];
  subject: string;
  html: string | null;
  message_id: string | null;
}

/** The mails an SMTP sink holds for one address. */
export async function mailsTo(mailApiUrl: string, address: string): Promise<SinkMail[]> {
  const all = (await (await fetch(`${mailApiUrl}/messages`)).json()) as SinkMail[];
  return all.filter((m) => m.to.includes(address));
}

/** Every outcome event HERALD_OUTCOMES holds for a project, in stream order. */
export async function outcomeEventsOf(nc: NatsConnection, project: bigint): Promise<OutcomeEvent[]> {
  const jsm = await jetstreamManager(nc);
  const ci = await jsm.consumers.add(OUTCOMES_STREAM, {
    filter_subject: `${OUTCOMES_SUBJECT_PREFIX}.${project}.>`,
    ack_policy: AckPolicy.None,
    deliver_policy: DeliverPolicy.All,
    inactive_threshold: nanos(30_000),
  });
  const out: OutcomeEvent[] = [];
  try {
    if (ci.num_pending === 0) return out;
    const c = await jetstream(nc).consumers.get(OUTCOMES_STREAM, ci.name);
    const msgs = await c.fetch({ max_messages: ci.num_pending, expires: 10_000 });
    for await (const m of msgs) {
      out.push(fromBinary(OutcomeEventSchema, m.data));
      if (out.length === ci.num_pending) break;
    }
  } finally {
    await jsm.consumers.delete(OUTCOMES_STREAM, ci.name).catch(() => undefined);
  }
  return out;
}
