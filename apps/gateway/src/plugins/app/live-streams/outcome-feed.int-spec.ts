import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create, toBinary } from '@bufbuild/protobuf';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { NotificationSchema, OUTCOMES_STREAM, outcomeSubject, OutcomeEventSchema } from '@herald/contracts';
import { connectNats, createLogger, ensureOutcomesStream, type NatsConnection } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import type { FastifyBaseLogger } from 'fastify';
import { createOutcomeFeed, type LiveOutcome } from './outcome-feed';

// Test infrastructure (tools/infra) is plain CommonJS outside the Nx projects.
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const { startInfra } = require('../../../../../../tools/infra/index.cjs') as {
  startInfra(opts: { dataDir: string; needMongo?: boolean; log?: (m: string) => void }): Promise<{ natsUrl: string; stop(): Promise<void> }>;
};

jest.setTimeout(60_000);

/**
 * The gateway's reader of HERALD_OUTCOMES against a nats-server of its own (the stream is created
 * and deleted here): started before the stream exists, it subscribes once the stream appears; it
 * hands each recipient only its events; replay is bounded.
 */
describe('outcome feed (live stream source)', () => {
  let infra: { natsUrl: string; stop(): Promise<void> };
  let nc: NatsConnection;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-outcome-feed-'));
    const saved = { NATS_URL: process.env.NATS_URL, HERALD_NO_DOCKER: process.env.HERALD_NO_DOCKER };
    delete process.env.NATS_URL;
    process.env.HERALD_NO_DOCKER = '1';
    infra = await startInfra({ dataDir, needMongo: false, log: () => undefined });
    process.env.NATS_URL = saved.NATS_URL;
    if (saved.HERALD_NO_DOCKER === undefined) delete process.env.HERALD_NO_DOCKER;
    else process.env.HERALD_NO_DOCKER = saved.HERALD_NO_DOCKER;
    nc = await connectNats(infra.natsUrl, 'test-outcome-feed');
  });
  afterAll(async () => {
    await nc.close();
    await infra.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const publish = async (project: number, recipient: string, type: 'notification.delivered' | 'notification.read' | 'email.sent', id: string, payload = '') =>
    (
      await jetstream(nc).publish(
        outcomeSubject(project, recipient, type),
        toBinary(OutcomeEventSchema, create(OutcomeEventSchema, { id, type, projectId: BigInt(project), recipientId: recipient, notification: create(NotificationSchema, { recipientId: recipient, payloadJson: payload }) })),
        { msgID: id },
      )
    ).seq;

  it('when the gateway starts before the stream exists, then it subscribes once the stream appears, and each recipient gets only its notification events', async () => {
    // The reader's first attempt fails (no stream yet) and says so: then the stream is created.
    const warnings: string[] = [];
    const logger = createLogger('test', 'silent') as unknown as FastifyBaseLogger;
    const feed = createOutcomeFeed(nc, { ...logger, warn: (_obj: unknown, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger);
    const started = feed.start();
    await eventually('a warning', () => warnings.length > 0);
    expect(warnings[0]).toMatch(/not readable yet/);
    expect(feed.isReady()).toBe(false);
    await ensureOutcomesStream(nc);
    await started;
    expect(feed.isReady()).toBe(true);

    const ann: LiveOutcome[] = [];
    const bob: LiveOutcome[] = [];
    const stopAnn = feed.listen(1, 'ann/1', (o) => ann.push(o));
    feed.listen(1, 'bob', (o) => bob.push(o));
    const s1 = await publish(1, 'ann/1', 'notification.delivered', 'a1');
    await publish(2, 'ann/1', 'notification.delivered', 'other-project');
    await publish(1, 'ann/1', 'email.sent', 'a-email');
    await publish(1, 'bob', 'notification.read', 'b1');
    await eventually("ann's and bob's outcomes", () => ann.length === 1 && bob.length === 1);
    expect(ann[0]).toMatchObject({ seq: s1, event: { id: 'a1', type: 'notification.delivered', recipientId: 'ann/1' } });
    expect(bob[0].event.id).toBe('b1');

    stopAnn();
    await publish(1, 'ann/1', 'notification.read', 'a2');
    await publish(1, 'bob', 'notification.read', 'b2');
    await eventually("bob's second outcome", () => bob.length === 2);
    expect(ann).toHaveLength(1);

    // Replay: the recipient's events after a position; more than the window (events or bytes) is a reset.
    const at = await feed.position();
    const window = (maxEvents: number, maxBytes = 1 << 20) => ({ maxEvents, maxBytes });
    const replay = await feed.replay(1, 'ann/1', 0, window(10), at);
    expect(replay.kind === 'events' && replay.events.map((e) => e.event.id)).toEqual(['a1', 'a2']);
    expect((await feed.replay(1, 'ann/1', 0, window(1), at)).kind).toBe('reset');
    expect((await feed.replay(1, 'ann/1', at.lastSeq + 5, window(10), at)).kind).toBe('reset');
    expect(await feed.replay(1, 'ann/1', at.lastSeq, window(10), at)).toEqual({ kind: 'events', events: [], lastSeq: at.lastSeq });
    // Forty events of 30 KiB: more than a pull, within the event window; 1 MiB holds them, 512 KiB does not.
    const big = 'x'.repeat(30 * 1024);
    for (let i = 0; i < 40; i++) await publish(1, 'cy', 'notification.delivered', `c${i}`, big);
    const heavy = await feed.position();
    const all = await feed.replay(1, 'cy', 0, window(100, 2 << 20), heavy);
    expect(all.kind === 'events' && all.events.length).toBe(40);
    expect(all.kind === 'events' && all.events.every((e) => e.size > 30 * 1024)).toBe(true);
    expect((await feed.replay(1, 'cy', 0, window(100, 512 * 1024), heavy)).kind).toBe('reset');
    const jsm = await jetstreamManager(nc);
    expect((await jsm.consumers.list(OUTCOMES_STREAM).next()).length).toBe(1); // the replays' consumers are gone; the live one stays

    // The stream deleted and created again: the reader starts again by itself (what is published
    // before it is back is not seen, so publish until one arrives).
    await jsm.streams.delete(OUTCOMES_STREAM);
    await ensureOutcomesStream(nc);
    let n = 0;
    await eventually('an outcome read after the stream came back', async () => {
      await publish(1, 'bob', 'notification.read', `b-again-${n++}`);
      return bob.length > 2;
    });
    feed.stop();
  });
});
