import { connectMongo, createLogger, createSequences, type MongoHandle } from '@herald/service-kit';
import { Registry } from 'prom-client';
import { createIdAllocator } from '../store/id-allocator';
import { startHarness, type Harness } from '../testing/harness';
import { outcomeEvent } from '../testing/outcome-events';
import { startReceiver, type Receiver } from '../testing/webhook-receiver';
import { createDeliveryLogRepository } from './delivery-log-repository';
import { createDispatcher } from './dispatcher';
import { createWebhookRepository } from './endpoint-repository';
import { createFanOut } from './fan-out';
import { createWebhookSender } from './http-sender';
import { createWebhookMetrics } from './webhook-metrics';

jest.setTimeout(60_000);

// The fan-out called directly (no event published, so the service's own consumer stays out of it),
// against the real store, with the real dispatcher and sender.
describe('webhook fan-out: attempt first, then one write', () => {
  let h: Harness;
  let mongo: MongoHandle;
  let rx: Receiver;
  const send = createWebhookSender({ timeoutMs: 5000, allowPrivate: true, userAgent: 't' });
  beforeAll(async () => {
    h = await startHarness({ WEBHOOK_ALLOW_PRIVATE: '1' });
    mongo = await connectMongo(process.env.MONGO_URL!, h.dbName, 'fan-out-test');
    rx = await startReceiver();
  });
  afterAll(async () => {
    send.close();
    await rx?.close();
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
      settings: { schedule: [0, 1000], leaseMs: 10_000, concurrency: 4, disableAfterMs: 60_000, pollBatch: 10, inlineWaitMs: 2000 },
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
});
