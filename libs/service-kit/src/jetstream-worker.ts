import { jetstream, type Consumer, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import type { Logger } from './logger';
import type { NatsConnection } from './nats';
import { contextFromHeaders, inSpan, SpanKind } from './tracing';
import { backoffDelay } from './retry';
import { sleep } from '@herald/timing';

/** What a handler decided about one message. */
export type Outcome = { ack: true } | { retryInMs: number } | { poison: string };
export const done: Outcome = { ack: true };

interface CommonOptions {
  nc: NatsConnection;
  stream: string;
  durable: string;
  /** First retry delay after an unexpected error; doubles with each delivery, capped at 30 s. */
  retryBaseMs: number;
  /**
   * While a message is in hand, `working()` is sent this often (a fraction of the consumer's ack
   * wait): a slow job is never redelivered to another worker while it is still being processed.
   */
  workingEveryMs: number;
  logger: Logger;
  /** Told about each message delivered more than once (metrics). */
  onRedelivery?: (consumer: string) => void;
  /**
   * Creates the durable consumer (idempotent, e.g. `ensureConsumer`). Called again whenever a pull
   * finds the consumer missing (deleted by an operator, lost with its stream), so the worker
   * recreates it and goes on instead of pulling from nothing forever.
   */
  ensure?: () => Promise<void>;
}

export interface WorkerOptions extends CommonOptions {
  concurrency: number;
  handle: (msg: JsMsg, signal: { working(): void }) => Promise<Outcome>;
}

export interface BatchWorkerOptions extends CommonOptions {
  /** Messages in hand at once, at most (what is fetched is what is handled: no hidden prefetch). */
  concurrency: number;
  /** Messages per batch, at most. */
  batchSize: number;
  /** How long a batch waits for more messages after its first one arrived. */
  lingerMs: number;
  /** Decides every message of the batch; a throw retries them all with backoff. */
  handleBatch: (msgs: JsMsg[]) => Promise<Outcome[]>;
}

export interface Worker {
  stop(): Promise<void>;
}

/** One message at a time per lane: a batch worker with batches of one. */
export function startWorker(opts: WorkerOptions): Promise<Worker> {
  return startBatchWorker({
    ...opts,
    batchSize: 1,
    lingerMs: 0,
    handleBatch: async ([m]) => [await opts.handle(m, { working: () => m.working() })],
  });
}

/**
 * Pulls from one durable consumer in batches. `concurrency / batchSize` lanes each fetch at most
 * `batchSize` messages (a pull request of exactly that size; the last lane takes the remainder), so
 * the prefetch equals the concurrency and every message the process holds is one it is handling: each is kept alive with `working()` from the moment it arrives until it is
 * acked, nak'ed or terminated (a fetched message never waits past the ack wait unattended). Within
 * a lane, messages that arrive within `lingerMs` of the first go together to `handleBatch`.
 * Explicit ack; `nak(delay)` for a retry (an unexpected error: backoff by delivery count); `term`
 * for a message that can never succeed. Each pull ends (its iterator closes) after a few seconds or
 * on an error, and the lane pulls again: the worker keeps running through NATS restarts and through
 * the deletion of its consumer (recreated with `ensure`). Each batch is handled in a CONSUMER span
 * continuing the trace of its first message.
 */
export async function startBatchWorker(opts: BatchWorkerOptions): Promise<Worker> {
  const js = jetstream(opts.nc);
  await opts.ensure?.();
  let consumer: Consumer = await js.consumers.get(opts.stream, opts.durable);
  const log = opts.logger.child({ consumer: opts.durable });
  const concurrency = Math.max(1, opts.concurrency);
  const batchSize = Math.max(1, Math.min(opts.batchSize, concurrency));
  const lanes = Math.ceil(concurrency / batchSize);
  const fetches = new Set<ConsumerMessages>();
  let stopping = false;

  /** After a failed pull: recreate the consumer when it is gone, then take a fresh handle on it. */
  const recover = async (err: unknown) => {
    if (/consumer (not found|deleted)|no responders/i.test(String((err as Error)?.message)) && opts.ensure) await opts.ensure();
    consumer = await js.consumers.get(opts.stream, opts.durable);
  };

  const settle = (m: JsMsg, outcome: Outcome) => {
    if ('ack' in outcome) m.ack();
    else if ('retryInMs' in outcome) m.nak(outcome.retryInMs);
    else {
      log.warn({ seq: m.seq, msgId: m.headers?.get('Nats-Msg-Id'), reason: outcome.poison }, 'message terminated');
      // No reason text: nats-server 2.9 takes only a bare +TERM (with a reason the message stays pending).
      m.term();
    }
  };

  const handle = (batch: JsMsg[]) =>
    inSpan(
      `${opts.durable} process`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextFromHeaders(batch[0].headers),
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': batch[0].subject, 'messaging.consumer.group.name': opts.durable, 'messaging.batch.message_count': batch.length },
      },
      async (span) => {
        for (const m of batch) if (m.info.redelivered) opts.onRedelivery?.(opts.durable);
        try {
          const outcomes = await opts.handleBatch(batch);
          batch.forEach((m, i) => settle(m, outcomes[i] ?? done));
        } catch (err) {
          span.recordException(err as Error);
          log.error({ err, size: batch.length, msgId: batch[0].headers?.get('Nats-Msg-Id'), deliveryCount: batch[0].info.deliveryCount }, 'job failed, retrying');
          for (const m of batch) m.nak(backoffDelay(opts.retryBaseMs, m.info.deliveryCount));
        }
      },
    );

  const lane = async (size: number) => {
    while (!stopping) {
      const inHand = new Set<JsMsg>();
      const keepAlive = setInterval(() => inHand.forEach((m) => m.working()), opts.workingEveryMs);
      const running: Promise<void>[] = [];
      try {
        const messages = await consumer.fetch({ max_messages: size, expires: 5_000 });
        fetches.add(messages);
        let batch: JsMsg[] = [];
        let timer: NodeJS.Timeout | null = null;
        const flush = () => {
          if (timer) clearTimeout(timer);
          timer = null;
          const mine = batch;
          batch = [];
          if (mine.length > 0) running.push(handle(mine).finally(() => mine.forEach((m) => inHand.delete(m))));
        };
        for await (const m of messages) {
          inHand.add(m);
          batch.push(m);
          if (batch.length >= size || opts.lingerMs === 0) flush();
          else if (!timer) timer = setTimeout(flush, opts.lingerMs);
        }
        flush();
        fetches.delete(messages);
      } catch (err) {
        if (!stopping) {
          log.warn({ err }, 'fetch interrupted; resuming');
          await sleep(500);
          await recover(err).catch((recoverErr) => log.warn({ err: recoverErr }, 'consumer not available yet'));
        }
      } finally {
        await Promise.allSettled(running);
        clearInterval(keepAlive);
      }
    }
  };
  const running = Array.from({ length: lanes }, (_, i) => lane(Math.min(batchSize, concurrency - i * batchSize)));

  return {
    async stop() {
      stopping = true;
      for (const f of fetches) f.stop();
      await Promise.race([Promise.allSettled(running), sleep(5000)]);
    },
  };
}
