import { jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { Logger, NatsConnection } from '@herald/service-kit';

/** What a handler decided about one message. */
export type Outcome = { ack: true } | { retryInMs: number } | { poison: string };
export const done: Outcome = { ack: true };

export interface WorkerOptions {
  nc: NatsConnection;
  stream: string;
  durable: string;
  concurrency: number;
  logger: Logger;
  handle: (msg: JsMsg, signal: { working(): void }) => Promise<Outcome>;
}

export interface Worker {
  stop(): Promise<void>;
}

/**
 * Pulls from one durable consumer with at most `concurrency` messages in hand. Explicit ack;
 * `nak(delay)` for a retry (and for an unexpected error, with backoff by delivery count); `term`
 * for a message that can never succeed. Keeps running through NATS restarts (consume() re-pulls).
 */
export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const js = jetstream(opts.nc);
  const consumer = await js.consumers.get(opts.stream, opts.durable);
  const log = opts.logger.child({ consumer: opts.durable });
  let messages: ConsumerMessages | null = null;
  let stopping = false;
  const inFlight = new Set<Promise<void>>();
  let release: (() => void) | null = null;

  const handleOne = async (m: JsMsg) => {
    try {
      const outcome = await opts.handle(m, { working: () => m.working() });
      if ('ack' in outcome) m.ack();
      else if ('retryInMs' in outcome) m.nak(outcome.retryInMs);
      else {
        log.warn({ seq: m.seq, reason: outcome.poison }, 'message terminated');
        m.term(outcome.poison);
      }
    } catch (err) {
      const delay = Math.min(30_000, 200 * 2 ** Math.min(m.info.deliveryCount, 8));
      log.error({ err, seq: m.seq, deliveryCount: m.info.deliveryCount }, 'job failed, retrying');
      m.nak(delay);
    }
  };

  const loop = async () => {
    while (!stopping) {
      try {
        messages = await consumer.consume({ max_messages: Math.max(opts.concurrency * 2, 10) });
        for await (const m of messages) {
          while (inFlight.size >= opts.concurrency) await new Promise<void>((r) => (release = r));
          const p = handleOne(m).finally(() => {
            inFlight.delete(p);
            const r = release;
            release = null;
            r?.();
          });
          inFlight.add(p);
          if (stopping) break;
        }
      } catch (err) {
        if (stopping) break;
        log.warn({ err }, 'consume interrupted; resuming');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  const running = loop();

  return {
    async stop() {
      stopping = true;
      messages?.stop();
      await Promise.allSettled([...inFlight]);
      await Promise.race([running, new Promise((r) => setTimeout(r, 2000))]);
    },
  };
}
