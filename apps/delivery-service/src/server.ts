import { createSequences, type ServiceDeps, type ServiceParts } from '@herald/service-kit';
import { createPeerClients } from './clients';
import type { Config } from './config';
import { createMailer } from './email/mailer';
import { startConsumers } from './messaging/consumers';
import { createJobPublisher } from './messaging/job-publisher';
import { ensureDeliveryStreams } from './messaging/streams';
import { startOutboxSweeper } from './outbox-sweeper';
import { deliveryRoutes } from './rpc/delivery-routes';
import { createBroadcastRepository } from './store/broadcast-repository';
import { createIdAllocator } from './store/id-allocator';
import { createIdempotencyRepository } from './store/idempotency-repository';
import { createNotificationRepository } from './store/notification-repository';
import { createQuotaRepository } from './store/quota-repository';
import { createConsumerFigures } from './messaging/consumer-figures';
import { createDeliveryMetrics, registerConsumerGauges } from './telemetry/delivery-metrics';
import { createUseCases } from './usecases';

/**
 * Builds the delivery service: indexes, the JetStream stream and durable consumers (idempotent,
 * before any worker starts), the workers, the outbox sweeper and the DeliveryService routes.
 */
export async function build({ config, logger, mongo, nats, metrics }: ServiceDeps<Config>): Promise<ServiceParts> {
  const notifications = createNotificationRepository(mongo.db);
  const broadcasts = createBroadcastRepository(mongo.db);
  await notifications.ensureIndexes();
  await broadcasts.ensureIndexes();
  const quota = createQuotaRepository(mongo.db);
  await quota.ensureIndexes();
  await ensureDeliveryStreams(nats, config.ACK_WAIT_MS);

  const peers = createPeerClients({ recipients: config.RECIPIENT_SERVICE_URL, preferences: config.PREFERENCE_SERVICE_URL });
  const mailer = createMailer({ url: config.SMTP_URL, from: config.SMTP_FROM, poolSize: config.SMTP_POOL_SIZE });
  const sequences = createSequences(mongo.db);
  const deliveryMetrics = createDeliveryMetrics(metrics.registry);
  registerConsumerGauges(metrics.registry, createConsumerFigures(nats));
  const usecases = createUseCases(
    {
      notifications,
      broadcasts,
      idempotency: createIdempotencyRepository(mongo.db),
      quota,
      notificationIds: createIdAllocator(sequences, 'notifications'),
      broadcastIds: createIdAllocator(sequences, 'broadcasts'),
      jobs: createJobPublisher(nats),
      recipients: peers.recipients,
      preferences: peers.preferences,
      mailer,
      now: () => new Date(),
      metrics: deliveryMetrics,
      settings: {
        chunkSize: config.BROADCAST_CHUNK_SIZE,
        emailMaxAttempts: config.EMAIL_MAX_ATTEMPTS,
        emailRetryBaseMs: config.EMAIL_RETRY_BASE_MS,
      },
    },
    logger,
  );
  const workers = await startConsumers({
    nc: nats,
    logger,
    usecases,
    concurrency: config.WORKER_CONCURRENCY,
    emailConcurrency: config.EMAIL_CONCURRENCY,
    onRedelivery: deliveryMetrics.redelivered,
    retryBaseMs: config.JOB_RETRY_BASE_MS,
    ackWaitMs: config.ACK_WAIT_MS,
    notificationMaxDeliveries: config.NOTIFICATION_MAX_DELIVERIES,
  });
  const sweeper = startOutboxSweeper({
    logger,
    republish: () => usecases.republishPending(config.OUTBOX_REPUBLISH_AFTER_MS),
    everyMs: config.OUTBOX_SWEEP_EVERY_MS,
  });

  return {
    routes: deliveryRoutes(usecases),
    async stop() {
      sweeper.stop();
      await Promise.all(workers.map((w) => w.stop()));
      mailer.close();
      peers.close();
    },
  };
}
