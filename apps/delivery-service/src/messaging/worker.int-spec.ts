import { randomBytes } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { connectNats, createLogger, ensureStream, type NatsConnection } from '@herald/service-kit';
import { done, startBatchWorker, type Worker } from './worker';

jest.setTimeout(30_000);

describe('batch worker against the real broker', () => {
  let nc: NatsConnection;
  const stream = `TEST_WORKER_${randomBytes(3).toString('hex').toUpperCase()}`;
  const subject = `test.worker.${stream.toLowerCase()}`;
  let worker: Worker | null = null;
  beforeAll(async () => {
    nc = await connectNats(process.env.NATS_URL!, 'worker-test');
    await ensureStream(nc, { name: stream, subjects: [`${subject}.>`] });
  });
  afterAll(async () => {
    await worker?.stop();
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
    await nc.drain();
  });

  const consumer = async (durable: string, ackWaitMs: number) => {
    await (await jetstreamManager(nc)).consumers.add(stream, { durable_name: durable, filter_subject: `${subject}.${durable}`, ack_policy: AckPolicy.Explicit, ack_wait: nanos(ackWaitMs), max_deliver: -1 });
    const js = jetstream(nc);
    for (let i = 0; i < 40; i++) await js.publish(`${subject}.${durable}`, new TextEncoder().encode(String(i)));
  };

  it('when handlers are slower than the ack wait, then the process holds only what it handles, in batches, and nothing is delivered twice', async () => {
    await consumer('slow', 1000);
    let inHand = 0;
    let most = 0;
    const seen = new Map<string, number>();
    const sizes: number[] = [];
    worker = await startBatchWorker({
      nc,
      stream,
      durable: 'slow',
      concurrency: 8,
      batchSize: 4,
      lingerMs: 5,
      retryBaseMs: 50,
      workingEveryMs: 300,
      logger: createLogger('worker-test', 'silent'),
      async handleBatch(msgs: JsMsg[]) {
        inHand += msgs.length;
        most = Math.max(most, inHand);
        sizes.push(msgs.length);
        for (const m of msgs) seen.set(m.string(), (seen.get(m.string()) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 1500)); // longer than the ack wait: kept alive by working()
        inHand -= msgs.length;
        return msgs.map(() => done);
      },
    });
    const deadline = Date.now() + 25_000;
    while (seen.size < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await worker.stop();
    worker = null;
    expect(seen.size).toBe(40);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(most).toBeLessThanOrEqual(8);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
    expect(sizes.some((n) => n > 1)).toBe(true);
    const info = await (await jetstreamManager(nc)).consumers.info(stream, 'slow');
    expect(info.num_redelivered).toBe(0);
    expect(info.num_ack_pending).toBe(0);
  });
});
