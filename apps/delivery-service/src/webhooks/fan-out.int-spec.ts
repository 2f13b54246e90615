import { connectMongo, createLogger, createSequences, type MongoHandle } from '@herald/service-kit';
import { Value } from '@sinclair/typebox/value';
import { Registry } from 'prom-client';
import { ConfigSchema, type Config } from '../config';
import { createIdAllocator } from '../kernel/id-allocator';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';
import { outcomeEvent } from '../testing/outcome-events';
import { startReceiver, type Receiver } from '../testing/webhook-receiver';
import { createDeliveryLogRepository, type WebhookDeliveryDoc } from './delivery-log-repository';
import { createDispatcher, type DispatcherSettings } from './dispatcher';
import { createWebhookRepository } from './endpoint-repository';
import { createFanOut } from './fan-out';
import { createWebhookSender } from './http-sender';
import { createWebhookMetrics } from './webhook-metrics';

jest.setTimeout(60_000);

const dispatcherSettings: DispatcherSettings = {
  schedule: [0, 1000],
  leaseMs: 10_000,
  concurrency: 4,
  projectConcurrency: 4,
  endpointConcurrency: 4,
  timeoutMs: 5000,
  disableAfterMs: 60_000,
  pollBatch: 10,
  inlineWaitMs: 2000,
  breaker: { failures: 1000, openMs: 60_000, maxOpenMs: 60_000, slowMs: 60_000 },
};

// The fan-out called directly (no event published, so the service's own consumer stays out of it;
// its poller is set to a pass an hour, so it takes no due delivery either), against the real store,
// with the real dispatcher and sender.
describe('webhook fan-out: attempt first, then one write', () => {
  let h: Harness;
  let mongo: MongoHandle;
  let rx: Receiver;
  const receivers: Receiver[] = [];
  const send = createWebhookSender({ timeoutMs: 5000, allowPrivate: true, userAgent: 't' });
  beforeAll(async () => {
    h = await startHarness({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_POLL_EVERY_MS: '3600000' });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'fan-out-test');
    rx = await startReceiver();
  });
  afterAll(async () => {
    send.close();
    await rx?.close();
    for (const r of receivers) await r.close();
    await mongo?.close();
    await h?.close();
  });

  it('when an event is redelivered after its records were written, then it is neither attempted nor recorded again; a redelivered event without records is', async () => {
    const projectId = h.project();
    const { webhook } = await h.webhooks.createWebhook({ projectId, url: rx.url, eventTypes: [] });
    const webhooks = createWebhookRepository(mongo.db);
    const deliveries = createDeliveryLogRepository(mongo.db);
    const logger = createLogger('fan-out-test', 'silent');
    const metrics = createWebhookMetrics(new Registry());
    const now = () => new Date();
    const dispatcher = createDispatcher({
      webhooks,
      deliveries,
      send,
      now,
      logger,
      metrics,
      settings: dispatcherSettings,
    });
    const fanOut = createFanOut({ webhooks, payloadsOf: async () => new Map(), deliveries, deliveryIds: createIdAllocator(createSequences(mongo.db), 'webhook_deliveries'), dispatcher, now, leaseMs: 10_000, metrics, logger });
    const records = () => mongo.db.collection('webhook_deliveries').find({ webhook_id: Number(webhook!.id) }).sort({ _id: 1 }).toArray();

    const a = outcomeEvent(projectId, 'notification.delivered');
    await fanOut([{ event: a, redelivered: false }]);
    // Written once, already settled by its first attempt.
    const [first] = await records();
    expect([first.event_id, first.status, first.attempts, first.due_at]).toEqual([a.id, 'succeeded', 1, null]);
    expect(rx.byId(a.id)).toHaveLength(1);

    const b = outcomeEvent(projectId, 'email.sent');
    await fanOut([
      { event: a, redelivered: true },
      { event: b, redelivered: true },
    ]);
    expect(rx.byId(a.id)).toHaveLength(1);
    expect(rx.byId(b.id)).toHaveLength(1);
    expect((await records()).map((d) => [d.event_id, d.status, d.attempts])).toEqual([
      [a.id, 'succeeded', 1],
      [b.id, 'succeeded', 1],
    ]);
  });

  /** The fan-out and dispatcher over the real store and sender, with these dispatcher settings. */
  const wire = (settings: DispatcherSettings) => {
    const webhooks = createWebhookRepository(mongo.db);
    const deliveries = createDeliveryLogRepository(mongo.db);
    const logger = createLogger('fan-out-test', 'silent');
    const metrics = createWebhookMetrics(new Registry());
    const now = () => new Date();
    const dispatcher = createDispatcher({ webhooks, deliveries, send, now, logger, metrics, settings });
    const fanOut = createFanOut({ webhooks, payloadsOf: async () => new Map(), deliveries, deliveryIds: createIdAllocator(createSequences(mongo.db), 'webhook_deliveries'), dispatcher, now, leaseMs: settings.leaseMs, metrics, logger });
    return { dispatcher, fanOut };
  };
  const recordsOf = (webhookId: bigint) => mongo.db.collection<WebhookDeliveryDoc>('webhook_deliveries').find({ webhook_id: Number(webhookId) }).sort({ _id: 1 }).toArray();

  it('when an endpoint keeps failing, then its breaker backs it off: no more requests, the put-off deliveries wait with no attempt counted, a retry due meanwhile is not taken', async () => {
    const projectId = h.project();
    const failing = await startReceiver(() => ({ status: 500 }));
    receivers.push(failing);
    const { webhook } = await h.webhooks.createWebhook({ projectId, url: failing.url, eventTypes: [] });
    // One attempt at a time to the endpoint (and four waiting), so exactly `failures` requests are made before it opens.
    const { dispatcher, fanOut } = wire({ ...dispatcherSettings, endpointConcurrency: 1, schedule: [0, 100], breaker: { failures: 3, openMs: 120_000, maxOpenMs: 120_000, slowMs: 60_000 } });
    await fanOut(Array.from({ length: 5 }, () => ({ event: outcomeEvent(projectId, 'notification.delivered'), redelivered: false })));
    const records = await eventually('every delivery recorded: attempted, or put off', async () => {
      await dispatcher.idle();
      const r = await recordsOf(webhook!.id);
      return r.length === 5 && r.every((d) => d.attempts === 1 || (d.due_at && d.due_at.getTime() > Date.now() + 60_000)) ? r : undefined;
    }, { timeoutMs: 15_000 });
    expect(failing.received).toHaveLength(3);
    const tried = records.filter((d) => d.attempts === 1);
    const putOff = records.filter((d) => d.attempts === 0);
    expect(tried.map((d) => [d.status, d.last_response_status])).toEqual(Array(3).fill(['pending', 500]));
    expect(putOff).toHaveLength(2);
    for (const d of putOff) expect([d.status, d.attempt_log, d.last_error, d.next_attempt_at?.getTime()]).toEqual(['pending', [], null, d.due_at!.getTime()]);
    // The failed ones' retries (100 ms later by the schedule) come due while it is open: the poller leaves them.
    await eventually('retries due', async () => tried.every((d) => d.next_attempt_at!.getTime() < Date.now()), { timeoutMs: 5_000 });
    expect(await dispatcher.pollOnce()).toBe(0);
    await dispatcher.idle();
    expect(failing.received).toHaveLength(3);
    expect((await recordsOf(webhook!.id)).map((d) => d.attempts).sort()).toEqual([0, 0, 1, 1, 1]);
  });

  it('when a backed-off endpoint answers again, then its trial closes the breaker and every put-off delivery is made, each attempt counted once', async () => {
    const projectId = h.project();
    let healthy = false;
    const flaky = await startReceiver(() => ({ status: healthy ? 204 : 500 }));
    receivers.push(flaky);
    const { webhook } = await h.webhooks.createWebhook({ projectId, url: flaky.url, eventTypes: [] });
    const { dispatcher, fanOut } = wire({ ...dispatcherSettings, endpointConcurrency: 1, schedule: [0, 200, 200, 200, 200, 200], breaker: { failures: 2, openMs: 300, maxOpenMs: 1_000, slowMs: 60_000 } });
    await fanOut(Array.from({ length: 6 }, () => ({ event: outcomeEvent(projectId, 'email.sent'), redelivered: false })));
    await eventually('two failures', async () => flaky.received.length >= 2, { timeoutMs: 10_000 });
    healthy = true;
    const done = await eventually('every delivery made once the endpoint answers', async () => {
        await dispatcher.pollOnce();
        await dispatcher.idle();
        const r = await recordsOf(webhook!.id);
        return r.length === 6 && r.every((d) => d.status === 'succeeded') ? r : undefined;
      }, { timeoutMs: 30_000 }
    );
    // Only real requests are attempts: the log holds each of them once, failures then the success.
    expect(done.reduce((n, d) => n + d.attempts, 0)).toBe(flaky.received.length);
    for (const d of done) {
      expect(d.attempt_log.map((a) => a.response_status).pop()).toBe(204);
      expect(d.attempt_log.slice(0, -1).every((a) => a.response_status === 500)).toBe(true);
    }
    expect(done.filter((d) => d.attempts === 1).length).toBeGreaterThanOrEqual(3);
  });

  it('when an endpoint answers, but slowly, then its breaker backs it off too (the slow deliveries still succeed)', async () => {
    const projectId = h.project();
    const slow = await startReceiver(() => ({ status: 200, delayMs: 150 }));
    receivers.push(slow);
    const { webhook } = await h.webhooks.createWebhook({ projectId, url: slow.url, eventTypes: [] });
    const { dispatcher, fanOut } = wire({ ...dispatcherSettings, endpointConcurrency: 1, breaker: { failures: 2, openMs: 120_000, maxOpenMs: 120_000, slowMs: 100 } });
    await fanOut(Array.from({ length: 4 }, () => ({ event: outcomeEvent(projectId, 'email.sent'), redelivered: false })));
    const records = await eventually('four deliveries settled', async () => {
      await dispatcher.idle();
      const r = await recordsOf(webhook!.id);
      return r.length === 4 && r.every((d) => d.status === 'succeeded' || d.attempts === 0) ? r : undefined;
    });
    expect(slow.received).toHaveLength(2);
    expect(records.map((d) => [d.status, d.attempts])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it("when one project's 20 endpoints answer slowly (after 14 s), then another project's delivery is still made at once, with the service's default limits", async () => {
    // The shipped limits: 64 attempts in flight, 32 of them for one project, 16 for one endpoint.
    const d = Value.Default(ConfigSchema, {}) as Config;
    const settings: DispatcherSettings = {
      ...dispatcherSettings,
      concurrency: d.WEBHOOK_CONCURRENCY,
      projectConcurrency: d.WEBHOOK_PROJECT_CONCURRENCY,
      endpointConcurrency: d.WEBHOOK_ENDPOINT_CONCURRENCY,
      breaker: { failures: d.WEBHOOK_BREAKER_FAILURES, openMs: d.WEBHOOK_BREAKER_OPEN_MS, maxOpenMs: d.WEBHOOK_BREAKER_MAX_OPEN_MS, slowMs: d.WEBHOOK_SLOW_MS },
      timeoutMs: 20_000,
      leaseMs: 60_000,
      inlineWaitMs: 300,
    };
    const slowSender = createWebhookSender({ timeoutMs: 20_000, allowPrivate: true, userAgent: 't' });
    // The slow project's endpoints answer only when the test is done (a barrier standing for an
    // answer after 14 s: nothing below races their answers).
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    const greedy = h.project();
    const slow: Receiver[] = [];
    let settle = async () => {};
    try {
      for (let i = 0; i < 20; i++) {
        const r = await startReceiver(() => ({ status: 200, until: done }));
        receivers.push(r);
        slow.push(r);
        await h.webhooks.createWebhook({ projectId: greedy, url: r.url, eventTypes: [] });
      }
      const quiet = h.project();
      const fast = await startReceiver();
      receivers.push(fast);
      const { webhook } = await h.webhooks.createWebhook({ projectId: quiet, url: fast.url, eventTypes: [] });
      const webhooks = createWebhookRepository(mongo.db);
      const deliveries = createDeliveryLogRepository(mongo.db);
      const logger = createLogger('fan-out-test', 'silent');
      const metrics = createWebhookMetrics(new Registry());
      const now = () => new Date();
      const dispatcher = createDispatcher({ webhooks, deliveries, send: slowSender, now, logger, metrics, settings });
      settle = () => dispatcher.idle();
      const fanOut = createFanOut({ webhooks, payloadsOf: async () => new Map(), deliveries, deliveryIds: createIdAllocator(createSequences(mongo.db), 'webhook_deliveries'), dispatcher, now, leaseMs: settings.leaseMs, metrics, logger });
      // Four events for each of the 20 slow endpoints: 80 attempts, more than every slot of the replica.
      await fanOut(Array.from({ length: 4 }, () => ({ event: outcomeEvent(greedy, 'notification.delivered'), redelivered: false })));
      await eventually('the slow project holds its share of the slots', async () => slow.reduce((n, r) => n + r.received.length, 0) >= settings.projectConcurrency, { timeoutMs: 30_000 });
      // The other project's event: its attempt is made and recorded while every slow request still hangs.
      await fanOut([{ event: outcomeEvent(quiet, 'notification.delivered'), redelivered: false }]);
      const made = await eventually("the other project's delivery made", async () => {
        const r = await recordsOf(webhook!.id);
        return r.length === 1 && r[0].status === 'succeeded' ? r : undefined;
      }, { timeoutMs: 30_000 });
      expect(fast.received).toHaveLength(1);
      expect(made.map((r) => r.attempts)).toEqual([1]);
      // The slow project never had more than its share in flight (none of its requests is answered yet).
      expect(slow.reduce((n, r) => n + r.received.length, 0)).toBe(settings.projectConcurrency);
    } finally {
      release();
      await settle();
      slowSender.close();
    }
  });
});
