import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create, toBinary } from '@bufbuild/protobuf';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { NotificationSchema, OUTCOMES_STREAM, outcomeSubject, OutcomeEventSchema } from '@herald/contracts';
import { connectNats, createLogger, ensureOutcomesStream, type NatsConnection } from '@herald/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { createOutcomeFeed, type LiveOutcome } from './outcome-feed';

// Test infrastructure (tools/infra) is plain CommonJS outside the Nx projects.
// eslint-disable-next-line @typescript-eslint/no-require-imports, @nx/enforce-module-boundaries
const { startInfra } = require('../../../../tools/infra/index.cjs') as {
  startInfra(opts: { dataDir: string; needMongo?: boolean; log?: (m: string) => void }): Promise<{ natsUrl: string; stop(): Promise<void> }>;
};

jest.setTimeout(60_000);

const eventually = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
};

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

  const publish = async (project: number, recipient: string, type: 'notification.delivered' | 'notification.read' | 'email.sent', id: string) =>
    (
      await jetstream(nc).publish(
        outcomeSubject(project, recipient, type),
        toBinary(OutcomeEventSchema, create(OutcomeEventSchema, { id, type, projectId: BigInt(project), recipientId: recipient, notification: create(NotificationSchema, { recipientId: recipient }) })),
        { msgID: id },
      )
    ).seq;

  it('when the gateway starts before the stream exists, then it subscribes once the stream appears, and each recipient gets only its notification events', async () => {
    const feed = createOutcomeFeed(nc, createLogger('test', 'silent') as unknown as FastifyBaseLogger);
    const started = feed.start();
    await new Promise((r) => setTimeout(r, 500));
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
    await eventually(() => ann.length === 1 && bob.length === 1);
    expect(ann[0]).toMatchObject({ seq: s1, event: { id: 'a1', type: 'notification.delivered', recipientId: 'ann/1' } });
    expect(bob[0].event.id).toBe('b1');

    stopAnn();
    await publish(1, 'ann/1', 'notification.read', 'a2');
    await publish(1, 'bob', 'notification.read', 'b2');
    await eventually(() => bob.length === 2);
    expect(ann).toHaveLength(1);

    // Replay: the recipient's events after a position; more than the window is a reset.
    const at = await feed.position();
    const replay = await feed.replay(1, 'ann/1', 0, 10, at);
    expect(replay.kind === 'events' && replay.events.map((e) => e.event.id)).toEqual(['a1', 'a2']);
    expect((await feed.replay(1, 'ann/1', 0, 1, at)).kind).toBe('reset');
    expect((await feed.replay(1, 'ann/1', at.lastSeq + 5, 10, at)).kind).toBe('reset');
    expect(await feed.replay(1, 'ann/1', at.lastSeq, 10, at)).toEqual({ kind: 'events', events: [], lastSeq: at.lastSeq });
    const jsm = await jetstreamManager(nc);
    expect((await jsm.consumers.list(OUTCOMES_STREAM).next()).length).toBe(1); // the replays' consumers are gone; the live one stays

    // The stream deleted and created again: the reader starts again by itself.
    await jsm.streams.delete(OUTCOMES_STREAM);
    await ensureOutcomesStream(nc);
    await new Promise((r) => setTimeout(r, 300));
    await eventually(async () => {
      await publish(1, 'bob', 'notification.read', `b-again-${Date.now()}`);
      await new Promise((r) => setTimeout(r, 200));
      return bob.length > 2;
    }, 20_000);
    feed.stop();
  });
});
