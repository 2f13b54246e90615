import { eventually } from '@herald/testing';
import { outcomeEvent, outcomePublisher } from '../testing/outcome-events';
import { startProcessStack, type ProcessStack } from '../testing/process-stack';
import { startReceiver, type Receiver } from '../testing/webhook-receiver';

jest.setTimeout(180_000);

describe('fault: the webhook dispatcher is SIGKILLed in the middle of its retries', () => {
  let stack: ProcessStack;
  let rx: Receiver;
  let mode: 'fail' | 'hang' | 'ok' = 'fail';
  beforeAll(async () => {
    rx = await startReceiver(() => (mode === 'fail' ? { status: 500 } : mode === 'hang' ? { hang: true } : { status: 200 }));
    stack = await startProcessStack({
      'delivery-service': {
        WEBHOOK_ALLOW_PRIVATE: '1',
        WEBHOOK_RETRY_SCHEDULE_MS: '0,1500,1500,1500,1500,1500,1500,1500',
        WEBHOOK_TIMEOUT_MS: '2000',
        WEBHOOK_LEASE_MS: '3000',
        WEBHOOK_POLL_EVERY_MS: '200',
        ACK_WAIT_MS: '2000',
        // This test is about claims surviving a kill, not back-off: the endpoint's breaker stays closed.
        WEBHOOK_BREAKER_FAILURES: '1000',
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await rx?.close();
  });

  it('when it is killed with attempts in flight and retries pending, then after the restart every event is delivered', async () => {
    const projectId = BigInt(Date.now());
    const { webhook } = await stack.webhooks().createWebhook({ projectId, url: rx.url, eventTypes: [] });
    const pub = await outcomePublisher(stack.natsUrl);
    try {
      const before = Array.from({ length: 20 }, () => outcomeEvent(projectId, 'notification.delivered'));
      await pub.publish(...before);
      // Every event refused once: 20 deliveries pending with a retry scheduled.
      await eventually('first attempts', async () => new Set(rx.received.map((r) => r.headers['webhook-id'])).size === before.length, { timeoutMs: 30_000 });
      // The retries now hang: the process dies with attempts in flight (claimed, unanswered).
      mode = 'hang';
      const firstAttempts = rx.received.length;
      await eventually('retries in flight', async () => rx.received.length >= firstAttempts + 5, { timeoutMs: 30_000 });
      await stack.kill('delivery-service');
      const pending = await stack.deliveryDb.db.collection('webhook_deliveries').countDocuments({ webhook_id: Number(webhook!.id), status: 'pending' });
      expect(pending).toBe(before.length);

      // Events published while it is down wait in the stream.
      const during = Array.from({ length: 10 }, () => outcomeEvent(projectId, 'email.sent'));
      await pub.publish(...during);
      mode = 'ok';
      await stack.restart('delivery-service');

      await eventually('every delivery succeeded', async () => (await stack.deliveryDb.db.collection('webhook_deliveries').countDocuments({ webhook_id: Number(webhook!.id), status: 'succeeded' })) === before.length + during.length, { timeoutMs: 60_000 }
      );
      for (const ev of [...before, ...during]) {
        expect([ev.id, rx.byId(ev.id).length > 0]).toEqual([ev.id, true]);
      }
      const docs = await stack.deliveryDb.db.collection('webhook_deliveries').find({ webhook_id: Number(webhook!.id) }).toArray();
      expect(docs).toHaveLength(before.length + during.length); // one record per event, none twice
      // The killed-in-flight attempts were never recorded (the process died); the log shows the others.
      for (const d of docs.filter((x) => String(x.event_id).endsWith('notification.delivered'))) {
        expect(d.attempt_log[0].response_status).toBe(500);
        expect(d.attempt_log[d.attempt_log.length - 1].response_status).toBe(200);
      }
    } finally {
      await pub.close();
    }
  });
});
