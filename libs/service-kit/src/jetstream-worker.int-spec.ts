import { randomBytes } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { eventually } from '@herald/testing';
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

  /** Resolves once the worker has sent working() for `m` `times` times (it does every workingEveryMs). */
  const renewals = (m: JsMsg, times: number) =>
    new Promise<void>((resolve) => {
      const working = m.working.bind(m);
      let n = 0;
      m.working = () => {
        working();
        if (++n === times) resolve();
      };
    });
  /** Waiters released whenever `opened()` finds their condition true. */
  const waiters = new Set<{ cond: () => boolean; release: () => void }>();
  const opened = () => {
    for (const w of [...waiters]) {
      if (!w.cond()) continue;
      waiters.delete(w);
      w.release();
    }
  };
  const gate = (cond: () => boolean) =>
    new Promise<void>((release) => {
      waiters.add({ cond, release });
      opened();
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
        // Longer than the ack wait (1 s): held until the worker has renewed each message with
        // working() four times (every 300 ms), which alone keeps the server from redelivering it.
        await Promise.all(msgs.map((m) => renewals(m, 4)));
        inHand -= msgs.length;
        return msgs.map(() => done);
      },
    });
    await eventually('40 messages handled', () => seen.size >= 40);
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
        opened();
        // Held until the worker filled every slot it may (or holds all that is left): had it fetched
        // more than the concurrency, `most` would show it.
        await gate(() => inHand >= 6 || handled + inHand >= 40);
        inHand -= msgs.length;
        handled += msgs.length;
        return msgs.map(() => done);
      },
    });
    await eventually('40 messages handled', () => handled >= 40);
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
    await eventually("the message 'before' handled", () => seen.includes('before'));
    await (await jetstreamManager(nc)).consumers.delete(stream, durable);
    // Published while no consumer exists: a recreated consumer (deliver all) still gets it.
    await js.publish(`${subject}.${durable}`, new TextEncoder().encode('after'));
    await eventually("the message 'after' handled", () => seen.includes('after'));
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
    await eventually('40 messages handled', () => handled >= 40);
    const jsm = await jetstreamManager(nc);
    // Once the last terms reached the server nothing is pending (a message left pending would be
    // redelivered after the 2 s ack wait, and show as redelivered and handled twice).
    const info = await eventually('nothing pending', async () => {
      const i = await jsm.consumers.info(stream, 'poison');
      return i.num_ack_pending === 0 ? i : undefined;
    });
    await worker.stop();
    worker = null;
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
    expect(handled).toBe(40);
  });
});
