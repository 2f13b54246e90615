import { randomBytes } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { createLogger } from './logger';
import { connectNats, ensureConsumer, ensureStream, type NatsConnection } from './nats';
import { done, startBatchWorker, type Worker } from './jetstream-worker';

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

  const silent = createLogger('worker-test', 'silent');
  const waitFor = async (cond: () => boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!cond() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return cond();
  };

  it('when the concurrency is not a multiple of the batch size, then no more than the concurrency is fetched', async () => {
    await consumer('odd', 5000);
    let inHand = 0;
    let most = 0;
    let handled = 0;
    worker = await startBatchWorker({
      nc,
      stream,
      durable: 'odd',
      concurrency: 6,
      batchSize: 4,
      lingerMs: 5,
      retryBaseMs: 50,
      workingEveryMs: 1000,
      logger: silent,
      async handleBatch(msgs: JsMsg[]) {
        inHand += msgs.length;
        most = Math.max(most, inHand);
        await new Promise((r) => setTimeout(r, 200));
        inHand -= msgs.length;
        handled += msgs.length;
        return msgs.map(() => done);
      },
    });
    expect(await waitFor(() => handled >= 40)).toBe(true);
    await worker.stop();
    worker = null;
    expect(most).toBe(6);
  });

  it('when its consumer is deleted while it runs, then the worker recreates it and handles what is published afterwards', async () => {
    const durable = 'recreated';
    const config = { durable_name: durable, filter_subject: `${subject}.${durable}`, ack_policy: AckPolicy.Explicit, ack_wait: nanos(5000), max_deliver: -1 };
    const seen: string[] = [];
    worker = await startBatchWorker({
      nc,
      stream,
      durable,
      concurrency: 2,
      batchSize: 2,
      lingerMs: 0,
      retryBaseMs: 50,
      workingEveryMs: 1000,
      logger: silent,
      ensure: () => ensureConsumer(nc, stream, config),
      async handleBatch(msgs: JsMsg[]) {
        seen.push(...msgs.map((m) => m.string()));
        return msgs.map(() => done);
      },
    });
    const js = jetstream(nc);
    await js.publish(`${subject}.${durable}`, new TextEncoder().encode('before'));
    expect(await waitFor(() => seen.includes('before'))).toBe(true);
    await (await jetstreamManager(nc)).consumers.delete(stream, durable);
    // Published while no consumer exists: a recreated consumer (deliver all) still gets it.
    await js.publish(`${subject}.${durable}`, new TextEncoder().encode('after'));
    expect(await waitFor(() => seen.includes('after'))).toBe(true);
    await worker.stop();
    worker = null;
    expect((await (await jetstreamManager(nc)).consumers.info(stream, durable)).config.durable_name).toBe(durable);
  });

  it('when a handler reports poison, then the message is terminated at once (not left pending for redelivery)', async () => {
    await consumer('poison', 2000);
    let handled = 0;
    worker = await startBatchWorker({
      nc,
      stream,
      durable: 'poison',
      concurrency: 4,
      batchSize: 4,
      lingerMs: 0,
      retryBaseMs: 50,
      workingEveryMs: 500,
      logger: silent,
      async handleBatch(msgs: JsMsg[]) {
        handled += msgs.length;
        return msgs.map(() => ({ poison: 'never decodable' }));
      },
    });
    expect(await waitFor(() => handled >= 40)).toBe(true);
    const jsm = await jetstreamManager(nc);
    expect(await waitFor(() => false, 500)).toBe(false); // let the last terms reach the server
    const info = await jsm.consumers.info(stream, 'poison');
    await worker.stop();
    worker = null;
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
    expect(handled).toBe(40);
  });
});
