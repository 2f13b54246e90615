import { fromBinary } from '@bufbuild/protobuf';
import { EVENTS_STREAM, OutcomeEventSchema, OUTCOMES_STREAM, WEBHOOK_DISPATCH_CONSUMER, WEBHOOK_LIST_EVENTS_CONSUMER } from '@herald/contracts';
import { createSequences, startBatchWorker, type Logger, type NatsConnection, type Outcome } from '@herald/service-kit';
import type { Db } from 'mongodb';
import type { Registry } from 'prom-client';
import { startOutboxSweeper } from '../kernel/sweeper';
import { webhookRoutes } from './webhook-routes';
import { createIdAllocator } from '../kernel/id-allocator';
import { createDeliveryLogRepository } from './delivery-log-repository';
import { createDispatcher, type DispatcherSettings } from './dispatcher';
import { createEndpointPresence, withChangeNotices } from './endpoint-presence';
import { createWebhookRepository } from './endpoint-repository';
import { createEventAttempts } from './event-attempts';
import { createFanOut, type FanOutEvent } from './fan-out';
import { ensureListEventsConsumer, handleListEvents } from './list-events';
import { createWebhookSender } from './http-sender';
import { createDeliveryUseCases } from './manage-deliveries';
import { createEndpointUseCases } from './manage-endpoints';
import { createWebhookMetrics } from './webhook-metrics';
import { ensureWebhookConsumer } from './webhook-stream';

export { createDeliveryLogRepository, type WebhookDeliveryDoc } from './delivery-log-repository';
export { parseSchedule } from './retry-schedule';
export type { EventAttempt, EventAttempts } from './event-attempts';

export interface WebhookSettings extends DispatcherSettings {
  allowPrivate: boolean;
  pollEveryMs: number;
  /** Events in hand at once of the fan-out consumer. */
  fanOutConcurrency: number;
  batchSize: number;
  batchLingerMs: number;
  retryBaseMs: number;
  ackWaitMs: number;
}

/**
 * Webhooks inside the delivery service (docs/webhooks.md): the endpoint and delivery-log
 * repositories, the WebhookService routes, the fan-out consumers on HERALD_OUTCOMES and (list
 * subscription events) HERALD_EVENTS, and the attempt dispatcher with its poller.
 */
export async function startWebhooks(deps: {
  db: Db;
  nc: NatsConnection;
  logger: Logger;
  registry: Registry;
  now: () => Date;
  settings: WebhookSettings;
  /** Payloads of notifications (the notification repository's), for slim outcome events. */
  payloadsOf: (projectId: number, ids: number[]) => Promise<Map<number, string | null>>;
  /** Told of each attempt made (the overview's counters). */
  countAttempt?: (projectId: number, at: Date, succeeded: boolean) => void;
}) {
  const { db, nc, settings, now } = deps;
  const logger = deps.logger.child({ component: 'webhooks' });
  const repository = createWebhookRepository(db);
  const endpointPresence = createEndpointPresence(nc, repository, logger);
  const webhooks = withChangeNotices(repository, endpointPresence);
  const deliveries = createDeliveryLogRepository(db);
  await repository.ensureIndexes();
  await deliveries.ensureIndexes();
  await ensureWebhookConsumer(nc, settings.ackWaitMs);
  const sequences = createSequences(db);
  const webhookIds = createIdAllocator(sequences, 'webhooks');
  const deliveryIds = createIdAllocator(sequences, 'webhook_deliveries');
  const metrics = createWebhookMetrics(deps.registry);
  const send = createWebhookSender({ timeoutMs: settings.timeoutMs, allowPrivate: settings.allowPrivate, userAgent: 'Herald-Webhooks/1.0', clock: { now: () => now().getTime(), date: now } });
  const dispatcher = createDispatcher({ webhooks, deliveries, send, now, settings, logger, metrics, countAttempt: deps.countAttempt });
  const fanOut = createFanOut({ webhooks, payloadsOf: deps.payloadsOf, deliveries, deliveryIds, dispatcher, now, leaseMs: settings.leaseMs, metrics, logger });

  const worker = {
    nc,
    logger,
    concurrency: settings.fanOutConcurrency,
    batchSize: settings.batchSize,
    lingerMs: settings.batchLingerMs,
    retryBaseMs: settings.retryBaseMs,
    workingEveryMs: Math.max(250, Math.floor(settings.ackWaitMs / 3)),
  };
  const consumer = await startBatchWorker({
    ...worker,
    stream: OUTCOMES_STREAM,
    durable: WEBHOOK_DISPATCH_CONSUMER,
    ensure: () => ensureWebhookConsumer(nc, settings.ackWaitMs),
    async handleBatch(msgs) {
      const outcomes: Outcome[] = [];
      const events: FanOutEvent[] = [];
      // herald.outcomes.<project>.<rkey>.<type>: events of projects without an endpoint are not even decoded.
      const projects = [...new Set(msgs.map((m) => Number(m.subject.split('.', 3)[2])))];
      const withEndpoints = new Set((await Promise.all(projects.map(async (p) => ((await endpointPresence.has(p)) ? p : null)))).filter((p) => p !== null));
      for (const m of msgs) {
        if (!withEndpoints.has(Number(m.subject.split('.', 3)[2]))) {
          outcomes.push({ ack: true });
          continue;
        }
        try {
          events.push({ event: fromBinary(OutcomeEventSchema, m.data), redelivered: m.info.redelivered });
          outcomes.push({ ack: true });
        } catch {
          outcomes.push({ poison: 'undecodable outcome event' });
        }
      }
      await fanOut(events);
      return outcomes;
    },
  });
  await ensureListEventsConsumer(nc, settings.ackWaitMs);
  const listConsumer = await startBatchWorker({
    ...worker,
    stream: EVENTS_STREAM,
    durable: WEBHOOK_LIST_EVENTS_CONSUMER,
    ensure: () => ensureListEventsConsumer(nc, settings.ackWaitMs),
    handleBatch: handleListEvents({ fanOut, presence: endpointPresence }),
  });
  const poller = startOutboxSweeper({ logger, republish: () => dispatcher.pollOnce(), everyMs: settings.pollEveryMs, what: 'webhooks: due deliveries taken' });

  return {
    routes: webhookRoutes(createEndpointUseCases({ webhooks, webhookIds, now }), createDeliveryUseCases({ webhooks, deliveries, deliveryIds, now })),
    deliveries,
    eventAttempts: createEventAttempts({ webhooks: repository, deliveries }),
    async stop() {
      poller.stop();
      endpointPresence.stop();
      await consumer.stop();
      await listConsumer.stop();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([dispatcher.idle(), new Promise((r) => (timer = setTimeout(r, settings.timeoutMs + 1000)))]);
      clearTimeout(timer);
      send.close();
    },
  };
}
