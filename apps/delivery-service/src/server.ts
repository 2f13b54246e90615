import { DeliveryService } from '@herald/contracts';
import { createSequences, type ServiceDeps, type ServiceParts } from '@herald/service-kit';
import { type ConsumerBase, createConsumerFigures, createDeliveryMetrics, createJobPublisher, createOutcomePublisher, createPeerClients, createRecipientPresence, deviceDirectory, ensureDeliveryStreams, listenForDeletions, natsReadBarrier, preferenceResolver, recipientDirectory, registerConsumerGauges, recipientListAudience } from './platform';
import { createCallbackTokens, createConfirmationMailBudget, createContactCodeRepository, createFreshNotifications, createContactConfirmationTokens, createSlotBudget, createOutboundSenders, createOutcomeRepository, createQuotaRepository, createUnsubscribeTokens, dkimSettings, openMobilePush, openProviderCredentials, outboundRoutes, projectSlackTokens, providerConfigProblems, providerRoutes, startOutboundConsumers } from './outbound';
import { createAcceptedSends, createFinishCanceled, createIdempotencyRepository, sendsRoutes, startSendConsumer } from './sends';
import { createDigestRepository, createFireTimers, createThrottleRepository, schedulingRoutes, startDigestConsumer, startTimerRunner } from './scheduling';
import { createErasureRepository, createRetentionSweep, startRecipientDeletedConsumer, WEBHOOK_DELIVERY_RETENTION_MS } from './retention';
import { broadcastsRoutes, startBroadcastConsumers } from './broadcasts';
import { parseSchedule } from './webhooks';
import type { Config } from './config';
import { createActivityRepository, createFeedRepository, createGetTimeline, timelineRoutes, createSnoozeRepository, createWakeSnoozed, feedRoutes } from './feed';
import { startOutboxSweeper } from './kernel/sweeper';
import { createBroadcastRepository } from './kernel/store/broadcast-repository';
import { createIdAllocator } from './kernel/id-allocator';
import { createNotificationRepository } from './kernel/store/notification-repository';
import { createBulkWriteLane } from './kernel/store/bulk-write-lane';
import { createWriteDemand } from './kernel/store/write-demand';
import { createTimerRepository } from './kernel/store/timer-repository';
import { createUseCases, type UseCaseDeps } from './use-cases';
import { startWebhooks } from './webhooks';
import { createGetStats, createStatsBuffer, createStatsRepository, startStatsConsumer, statsBatching, statsRoutes, webhookAttemptKey } from './stats';

/**
 * Builds the delivery service: indexes, the JetStream stream and durable consumers (idempotent,
 * before any worker starts), the workers, the outbox sweeper and the DeliveryService routes.
 */
/**
 * The delivery service's parts. `clock` is the process's one clock (tests move it forward instead
 * of waiting; the default is the system's).
 */
export async function build({ config, logger, mongo, nats, metrics, clock }: ServiceDeps<Config>): Promise<ServiceParts> {
  const now = () => clock.date();
  const problems = providerConfigProblems(config);
  if (problems.length > 0) throw new Error(`invalid provider configuration: ${problems.join('; ')}`);
  const deliveryMetrics = createDeliveryMetrics(metrics.registry);
  // The writes the broadcast write lane makes room for (direct sends' inserts, outbound outcomes).
  const demand = createWriteDemand();
  const notifications = createNotificationRepository(mongo.db, {
    bulkLane: createBulkWriteLane({ share: config.BROADCAST_WRITE_SHARE, sliceSize: config.BROADCAST_WRITE_SLICE, demand, onPause: deliveryMetrics.broadcastWritePause, clock }),
    demand,
  });
  const broadcasts = createBroadcastRepository(mongo.db);
  await notifications.ensureIndexes();
  const feed = createFeedRepository(mongo.db);
  await feed.ensureIndexes();
  const snoozes = createSnoozeRepository(mongo.db);
  await snoozes.ensureIndexes();
  const activity = createActivityRepository(mongo.db);
  await activity.ensureIndexes();
  await broadcasts.ensureIndexes();
  const quota = createQuotaRepository(mongo.db);
  await quota.ensureIndexes();
  const outcomes = createOutcomeRepository(mongo.db, { demand });
  await outcomes.ensureClaimIndexes();
  await outcomes.ensureRecordIndexes();
  const idempotency = createIdempotencyRepository(mongo.db);
  await idempotency.ensureIndexes();
  // Timers, throttle counts, digests.
  const timers = createTimerRepository(mongo.db);
  const throttles = createThrottleRepository(mongo.db);
  const digests = createDigestRepository(mongo.db);
  const stats = createStatsRepository(mongo.db);
  for (const repo of [timers, throttles, digests, stats]) await repo.ensureIndexes();
  await ensureDeliveryStreams(nats, { ackWaitMs: config.ACK_WAIT_MS, outcomesMaxAgeMs: config.OUTCOMES_MAX_AGE_MS, replicas: config.NATS_STREAM_REPLICAS });

  const peers = createPeerClients({ recipients: config.RECIPIENT_SERVICE_URL, preferences: config.PREFERENCE_SERVICE_URL, serviceToken: config.SERVICE_TOKEN });
  const dkim = dkimSettings(config);
  const providerCredentials = await openProviderCredentials(mongo.db, config.PROVIDER_SECRET_KEY, clock);
  const slackTokens = projectSlackTokens({ read: (projectId) => providerCredentials.read(projectId, 'slack'), fallback: config.SLACK_BOT_TOKEN, clock });
  const senders = createOutboundSenders(config, { dkim, metrics: deliveryMetrics, logger, clock, slackTokens });
  const unsubscribe =
    config.PUBLIC_BASE_URL && config.UNSUBSCRIBE_SECRET
      ? { tokens: createUnsubscribeTokens(config.UNSUBSCRIBE_SECRET, clock), baseUrl: config.PUBLIC_BASE_URL.replace(/\/+$/, ''), ttlSeconds: config.UNSUBSCRIBE_TTL_DAYS * 86_400 }
      : undefined;
  const confirmationMails = createConfirmationMailBudget(mongo.db);
  await confirmationMails.ensureIndexes();
  const contactConfirmation =
    config.PUBLIC_BASE_URL && config.UNSUBSCRIBE_SECRET
      ? {
          tokens: createContactConfirmationTokens(config.UNSUBSCRIBE_SECRET, clock),
          baseUrl: config.PUBLIC_BASE_URL.replace(/\/+$/, ''),
          ttlSeconds: config.CONTACT_CONFIRMATION_TTL_HOURS * 3600,
          budget: confirmationMails,
          maxPerHour: config.CONTACT_CONFIRMATION_MAILS_PER_HOUR,
        }
      : undefined;
  const contactCodeStore = createContactCodeRepository(mongo.db);
  const confirmationSms = createSlotBudget(mongo.db);
  await Promise.all([contactCodeStore.ensureIndexes(), confirmationSms.ensureIndexes()]);
  const contactCodes = config.UNSUBSCRIBE_SECRET
    ? {
        codes: contactCodeStore,
        budget: confirmationSms,
        secret: config.UNSUBSCRIBE_SECRET,
        limits: {
          perRecipientDay: config.CONTACT_CONFIRMATION_SMS_PER_RECIPIENT_DAY,
          perProjectHour: config.CONTACT_CONFIRMATION_SMS_PER_PROJECT_HOUR,
          perCountryHour: config.CONTACT_CONFIRMATION_SMS_PER_COUNTRY_HOUR,
        },
      }
    : undefined;
  logger.info({ dkim: dkim ? `${dkim.keySelector}._domainkey.${dkim.domainName}` : null, oneClickUnsubscribe: Boolean(unsubscribe) }, 'email deliverability settings');
  if (!unsubscribe) logger.warn('PUBLIC_BASE_URL or UNSUBSCRIBE_SECRET is not set: mails carry no one-click unsubscribe header, and email addresses set with recipient tokens cannot be confirmed (no email is sent to them)');
  const smsCallbacks =
    config.PUBLIC_BASE_URL && config.CALLBACK_SECRET ? { tokens: createCallbackTokens(config.CALLBACK_SECRET, clock), baseUrl: config.PUBLIC_BASE_URL.replace(/\/+$/, '') } : undefined;
  if (config.SMS_URL && !smsCallbacks) logger.warn('PUBLIC_BASE_URL or CALLBACK_SECRET is not set: SMS carry no status callback, their outcomes stay `sent`');
  const presence = createRecipientPresence({ recipients: peers.recipients, ttlMs: config.RECIPIENT_CACHE_TTL_MS, barrier: natsReadBarrier(nats) });
  const deletions = listenForDeletions(nats, presence, logger);
  const sequences = createSequences(mongo.db);
  registerConsumerGauges(metrics.registry, createConsumerFigures(nats));
  const events = createOutcomePublisher(nats);
  const devices = deviceDirectory(peers.recipients);
  const mobilePush = openMobilePush(config, { db: mongo.db, devices, credentials: providerCredentials, events, unreadCounts: (projectId, recipientIds) => feed.countUnreadMany(projectId, recipientIds), now });
  await mobilePush.attempts.ensureIndexes();
  const deps: UseCaseDeps = {
      notifications,
      fresh: createFreshNotifications({ now: () => clock.date().getTime() }),
      feed,
      snoozes,
      activity,
      outcomes,
      erasures: createErasureRepository(mongo.db),
      mobilePushAttempts: mobilePush.attempts,
      broadcasts,
      idempotency,
      quota,
      timers,
      throttles,
      digests,
      digestIds: createIdAllocator(sequences, 'digests'),
      notificationIds: createIdAllocator(sequences, 'notifications'),
      broadcastIds: createIdAllocator(sequences, 'broadcasts'),
      jobs: createJobPublisher(nats),
      accepted: createAcceptedSends(nats),
      events,
      devices,
      configuredPlatforms: mobilePush.configuredPlatforms,
      mobilePush: mobilePush.send,
      recipients: recipientDirectory(peers.recipients),
      presence,
      lists: recipientListAudience(peers.recipients),
      preferences: preferenceResolver(peers.preferences),
      senders,
      smsCallbacks,
      unsubscribe,
      contactConfirmation,
      contactCodes,
      now,
      metrics: deliveryMetrics,
      failpoint: (at) => {
        if (config.FAILPOINT !== at) return;
        logger.warn({ failpoint: at }, 'failpoint reached: the process dies now (fault test)');
        process.kill(process.pid, 'SIGKILL');
      },
      settings: {
        chunkSize: config.BROADCAST_CHUNK_SIZE,
        maxActiveBroadcasts: config.BROADCAST_MAX_ACTIVE_PER_PROJECT,
        maxPendingTimers: config.TIMER_MAX_PENDING_PER_PROJECT,
        emailMaxAttempts: config.EMAIL_MAX_ATTEMPTS,
        emailRetryBaseMs: config.EMAIL_RETRY_BASE_MS,
        emailLeaseMs: config.EMAIL_LEASE_MS,
        outboundRetry: {
          sms: { maxAttempts: config.SMS_MAX_ATTEMPTS, baseMs: config.SMS_RETRY_BASE_MS },
          web_push: { maxAttempts: config.PUSH_MAX_ATTEMPTS, baseMs: config.PUSH_RETRY_BASE_MS },
          chat: { maxAttempts: config.CHAT_MAX_ATTEMPTS, baseMs: config.CHAT_RETRY_BASE_MS },
          mobile_push: { maxAttempts: config.MOBILE_PUSH_MAX_ATTEMPTS, baseMs: config.MOBILE_PUSH_RETRY_BASE_MS },
        },
        digestSendLeaseMs: config.DIGEST_SEND_LEASE_MS,
      },
  };
  const usecases = createUseCases(deps, logger);
  const consumer: ConsumerBase = {
    nc: nats,
    logger,
    onRedelivery: deliveryMetrics.redelivered,
    retryBaseMs: config.JOB_RETRY_BASE_MS,
    workingEveryMs: Math.max(250, Math.floor(config.ACK_WAIT_MS / 3)),
  };
  const batching = { batchSize: config.WORKER_BATCH_SIZE, batchLingerMs: config.WORKER_BATCH_LINGER_MS };
  const workers = await Promise.all([
    startSendConsumer(consumer, usecases, { ...batching, concurrency: config.WORKER_CONCURRENCY, maxDeliveries: config.NOTIFICATION_MAX_DELIVERIES }),
    ...startBroadcastConsumers(consumer, usecases, { chunkConcurrency: config.BROADCAST_CHUNK_CONCURRENCY }),
    ...startOutboundConsumers(consumer, usecases.sendOutbound, {
      ...batching,
      concurrency: { email: config.EMAIL_CONCURRENCY, sms: config.SMS_CONCURRENCY, web_push: config.PUSH_CONCURRENCY, chat: config.CHAT_CONCURRENCY, mobile_push: config.MOBILE_PUSH_CONCURRENCY },
      batchSizes: { mobile_push: config.MOBILE_PUSH_BATCH_SIZE },
    }),
    startDigestConsumer(consumer, usecases.closeDigest),
    startRecipientDeletedConsumer(consumer, usecases.removeRecipientNotifications, clock),
    startStatsConsumer(consumer, stats, statsBatching(config)),
  ]);
  const timerRunner = startTimerRunner({
    logger,
    fireDue: createFireTimers({ ...deps, canceled: createFinishCanceled(deps), snoozed: createWakeSnoozed(deps) }, {
      batch: config.TIMER_BATCH,
      redoAfterMs: config.TIMER_REDO_AFTER_MS,
      slotRetryMs: 5_000,
      slotLeaseMs: 60_000,
    }),
    holdEpoch: (epoch, owner) => timers.holdEpoch(epoch, owner, config.TIMER_LEASE_MS),
    batch: config.TIMER_BATCH,
    everyMs: config.TIMER_POLL_MS,
    leaseMs: config.TIMER_LEASE_MS,
    clock,
  });
  const sweeper = startOutboxSweeper({
    logger,
    republish: () => usecases.republishPending(config.OUTBOX_REPUBLISH_AFTER_MS),
    everyMs: config.OUTBOX_SWEEP_EVERY_MS,
  });

  const webhookAttempts = createStatsBuffer(stats, { everyMs: config.STATS_FLUSH_EVERY_MS, logger });
  const webhooks = await startWebhooks({
    countAttempt: (projectId, at, succeeded) => webhookAttempts.add({ projectId, at, keys: [webhookAttemptKey(succeeded)] }),
    payloadsOf: (projectId, ids) => notifications.payloadsOf(projectId, ids),
    db: mongo.db,
    nc: nats,
    logger,
    registry: metrics.registry,
    now,
    settings: {
      schedule: parseSchedule(config.WEBHOOK_RETRY_SCHEDULE_MS),
      leaseMs: config.WEBHOOK_LEASE_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
      projectConcurrency: config.WEBHOOK_PROJECT_CONCURRENCY,
      endpointConcurrency: config.WEBHOOK_ENDPOINT_CONCURRENCY,
      breaker: { failures: config.WEBHOOK_BREAKER_FAILURES, openMs: config.WEBHOOK_BREAKER_OPEN_MS, maxOpenMs: config.WEBHOOK_BREAKER_MAX_OPEN_MS, slowMs: config.WEBHOOK_SLOW_MS },
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
      pollBatch: 100,
      inlineWaitMs: config.WEBHOOK_INLINE_WAIT_MS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      pollEveryMs: config.WEBHOOK_POLL_EVERY_MS,
      fanOutConcurrency: 256,
      batchSize: config.WORKER_BATCH_SIZE,
      batchLingerMs: config.WORKER_BATCH_LINGER_MS,
      retryBaseMs: config.JOB_RETRY_BASE_MS,
      ackWaitMs: config.ACK_WAIT_MS,
    },
  });

  const retention = startOutboxSweeper({
    logger,
    republish: createRetentionSweep({
      now,
      settings: { batchSize: config.RETENTION_BATCH_SIZE, pauseMs: config.RETENTION_BATCH_PAUSE_MS, maxBatchesPerPass: 100 },
      logger,
      steps: [
        { name: 'notifications', prune: (now, batch) => notifications.pruneExpired(now, batch) },
        { name: 'broadcasts', prune: (now, batch) => broadcasts.pruneExpired(now, batch) },
        { name: 'contact confirmation mails', prune: (now, batch) => confirmationMails.prune(now, batch) },
        { name: 'contact confirmation sms', prune: (now, batch) => confirmationSms.prune(now, batch) },
        { name: 'contact confirmation codes', prune: (now, batch) => contactCodeStore.prune(now, batch) },
        { name: 'webhook deliveries', prune: (now, batch) => webhooks.deliveries.prune(new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS), batch) },
        { name: 'timer fates and leases', prune: (now, batch) => timers.pruneExpired(now, batch) },
        { name: 'outbound claims', prune: (now, batch) => outcomes.pruneClaims(now, batch) },
        { name: 'outbound outcome records', prune: (now, batch) => outcomes.pruneRecords(now, batch) },
        { name: 'mobile push attempts', prune: (now, batch) => mobilePush.attempts.pruneExpired(now, batch) },
        { name: 'throttle units', prune: (now, batch) => throttles.pruneExpired(now, batch) },
        { name: 'digests', prune: (now, batch) => digests.pruneExpired(now, batch) },
        { name: 'stats counters', prune: (now, batch) => stats.prune(now, batch) },
      ],
    }),
    everyMs: config.RETENTION_SWEEP_EVERY_MS,
    what: 'retention pass: expired records removed',
  });

  const pruner = startOutboxSweeper({
    logger,
    republish: () => usecases.pruneExpired(),
    everyMs: config.PRUNE_EVERY_MS,
    what: 'housekeeping: pruned expired quota units and idempotency keys',
  });

  return {
    routes: (router) => {
      router.service(DeliveryService, {
        ...sendsRoutes(usecases, logger),
        ...broadcastsRoutes(usecases),
        ...feedRoutes(usecases),
        ...schedulingRoutes(usecases.getDigest),
        ...outboundRoutes(usecases, { vapidPublicKey: config.VAPID_PUBLIC_KEY }),
        ...statsRoutes(createGetStats({ stats, timers, now })),
        ...timelineRoutes(createGetTimeline({ getNotification: usecases.getNotificationWithRecords, timers, digests, eventAttempts: webhooks.eventAttempts })),
      });
      webhooks.routes(router);
      providerRoutes(providerCredentials, (projectId, name) => {
        if (name === 'slack') slackTokens.forget(projectId);
      })(router);
    },
    async stop() {
      await webhooks.stop();
      await webhookAttempts.stop();
      await timerRunner.stop();
      sweeper.stop();
      pruner.stop();
      retention.stop();
      deletions.stop();
      await Promise.all(workers.map((w) => w.stop()));
      senders.close();
      mobilePush.close();
      peers.close();
    },
  };
}
