import { jetstream, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { contextFromHeaders, inSpan, SpanKind, type Logger, type NatsConnection } from '@herald/service-kit';

/** What a handler decided about one message. */
export type Outcome = { ack: true } | { retryInMs: number } | { poison: string };
export const done: Outcome = { ack: true };

export interface WorkerOptions {
  nc: NatsConnection;
  stream: string;
  durable: string;
  concurrency: number;
  /** First retry delay after an unexpected error; doubles with each delivery, capped at 30 s. */
  retryBaseMs: number;
  /**
   * While a message is in hand, `working()` is sent this often (a fraction of the consumer's ack
   * wait): a slow job is never redelivered to another worker while it is still being processed.
   */
  workingEveryMs: number;
  logger: Logger;
  handle: (msg: JsMsg, signal: { working(): void }) => Promise<Outcome>;
  /** Told about each message delivered more than once (metrics). */
  onRedelivery?: (consumer: string) => void;
}

export interface Worker {
  stop(): Promise<void>;
}

/**
 * Pulls from one durable consumer with at most `concurrency` messages in hand. Explicit ack;
 * `nak(delay)` for a retry (and for an unexpected error, with backoff by delivery count); `term`
 * for a message that can never succeed. Keeps running through NATS restarts (consume() re-pulls).
 * Each message is handled in a CONSUMER span continuing the trace its publisher put in its headers.
 */
export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const js = jetstream(opts.nc);
  const consumer = await js.consumers.get(opts.stream, opts.durable);
  const log = opts.logger.child({ consumer: opts.durable });
  let messages: ConsumerMessages | null = null;
  let stopping = false;
  const inFlight = new Set<Promise<void>>();
  let release: (() => void) | null = null;

  const handleOne = (m: JsMsg) =>
    inSpan(
      `${opts.durable} process`,
      { kind: SpanKind.CONSUMER, parent: contextFromHeaders(m.headers), attributes: { 'messaging.system': 'nats', 'messaging.destination.name': m.subject, 'messaging.consumer.group.name': opts.durable } },
      (span) => handleInSpan(m, span),
    );
  const handleInSpan = async (m: JsMsg, span: { recordException(e: Error): void }) => {
    if (m.info.redelivered) opts.onRedelivery?.(opts.durable);
    const keepAlive = setInterval(() => m.working(), opts.workingEveryMs);
    try {
      const outcome = await opts.handle(m, { working: () => m.working() });
      if ('ack' in outcome) m.ack();
      else if ('retryInMs' in outcome) m.nak(outcome.retryInMs);
      else {
        log.warn({ seq: m.seq, msgId: m.headers?.get('Nats-Msg-Id'), reason: outcome.poison }, 'message terminated');
        m.term(outcome.poison);
      }
    } catch (err) {
      span.recordException(err as Error);
      const delay = Math.min(30_000, opts.retryBaseMs * 2 ** Math.min(m.info.deliveryCount, 8));
      log.error({ err, seq: m.seq, msgId: m.headers?.get('Nats-Msg-Id'), deliveryCount: m.info.deliveryCount }, 'job failed, retrying');
      m.nak(delay);
    } finally {
      clearInterval(keepAlive);
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
