import { done, type Logger, type NatsConnection, type Outcome } from '@herald/service-kit';
import type { JsMsg } from '@nats-io/jetstream';

/** What every JetStream consumer of the service starts with (streams and consumers exist already, see streams.ts). */
export interface ConsumerBase {
  nc: NatsConnection;
  logger: Logger;
  onRedelivery?: (consumer: string) => void;
  retryBaseMs: number;
  /** How often a job in hand is kept alive with `working()`, well within the ack wait. */
  workingEveryMs: number;
}

export const isOutcome = (v: unknown): v is Outcome => typeof v === 'object' && v !== null && ('poison' in v || 'ack' in v || 'retryInMs' in v);

/** Decodes a job, or reports it as poison (it can never succeed, so it is terminated). */
export function decode<T>(m: JsMsg, parse: (data: Uint8Array) => T): T | Outcome {
  try {
    return parse(m.data);
  } catch {
    return { poison: 'undecodable message' };
  }
}

/** Decodes a batch: poison messages get their outcome, the others are returned with their index. */
export function decodeAll<T>(msgs: JsMsg[], parse: (data: Uint8Array) => T): { outcomes: Outcome[]; jobs: { index: number; msg: JsMsg; value: T }[] } {
  const outcomes: Outcome[] = msgs.map(() => done);
  const jobs: { index: number; msg: JsMsg; value: T }[] = [];
  msgs.forEach((msg, index) => {
    const v = decode(msg, parse);
    if (isOutcome(v)) outcomes[index] = v;
    else jobs.push({ index, msg, value: v });
  });
  return { outcomes, jobs };
}
