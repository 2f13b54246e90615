import type { ServerResponse } from 'node:http';
import { create } from '@bufbuild/protobuf';
import { NotificationSchema, OutcomeEventSchema } from '@herald/contracts';
import { FakeResponse } from '../../../testing/fake-response';
import { LiveConnection, type CloseReason } from './live-connection';

const outcome = (seq: number, type: string, size = 100) => ({
  seq,
  size,
  event: create(OutcomeEventSchema, { id: `x${seq}`, type, projectId: 1n, recipientId: 'r', notification: create(NotificationSchema, { id: BigInt(seq), recipientId: 'r' }) }),
});

/** Counts with nothing unseen: the spec follows the unread count. */
const unreadOnly = (unread: number) => ({ unread, unseen: 0 });

function connection(raw: FakeResponse, counts: number[], maxBufferedBytes = 1 << 20) {
  const closed: CloseReason[] = [];
  let calls = 0;
  let held = 0;
  const c = new LiveConnection({
    raw: raw as unknown as ServerResponse,
    startSeq: 10,
    counts: async () => unreadOnly(counts[Math.min(calls++, counts.length - 1)]),
    view: (e) => ({ id: Number(e.notification!.id) }),
    maxBufferedBytes,
    onSent: () => undefined,
    onBuffered: (delta) => (held += delta),
    onClose: (r) => closed.push(r),
  });
  return { c, closed, countCalls: () => calls, held: () => held };
}

const frames = (raw: FakeResponse) =>
  raw.written
    .join('')
    .split('\n\n')
    .filter((b) => b.startsWith('event:'))
    .map((b) => {
      const [e, id] = b.split('\n');
      return `${e.slice(7)}#${id.slice(4)}`;
    });

/** Settles every pending promise continuation (no timers involved). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};

describe('LiveConnection', () => {
  it('when replayed and live events overlap or arrive out of order, then each is written once, in sequence order, ids only growing, older ones dropped', async () => {
    const raw = new FakeResponse();
    const { c } = connection(raw, [3, 4]);
    c.push(outcome(13, 'notification.delivered'));
    c.push(outcome(9, 'notification.delivered')); // before the connection's start: dropped
    await c.goLive(unreadOnly(2), [outcome(12, 'notification.delivered'), outcome(13, 'notification.delivered'), outcome(11, 'notification.suppressed')]);
    c.push(outcome(12, 'notification.read'));
    c.push(outcome(14, 'notification.read'));
    await settle();
    expect(frames(raw)).toEqual(['notification#12', 'notification#13', 'unread_count#13', 'notification.updated#14', 'unread_count#14']);
  });

  it('when nothing was missed, then the connect unread_count is the first event, with the count given', async () => {
    const raw = new FakeResponse();
    const { c, countCalls } = connection(raw, [7]);
    await c.goLive(unreadOnly(5), []);
    expect(frames(raw)).toEqual(['unread_count#10']);
    expect(raw.written.join('')).toContain('data: {"unread_count":5,"unseen_count":0}');
    expect(countCalls()).toBe(0);
  });

  it('when events go out, then each and the round\'s count event carry the unseen count beside the unread count', async () => {
    const raw = new FakeResponse();
    const c = new LiveConnection({
      raw: raw as unknown as ServerResponse,
      startSeq: 10,
      counts: async () => ({ unread: 2, unseen: 1 }),
      view: (e) => ({ id: Number(e.notification!.id) }),
      maxBufferedBytes: 1 << 20,
      onSent: () => undefined,
      onClose: () => undefined,
    });
    await c.goLive({ unread: 3, unseen: 3 }, []);
    c.push(outcome(11, 'notification.seen'));
    await settle();
    expect(raw.written.join('')).toContain('data: {"unread_count":3,"unseen_count":3}');
    expect(raw.written.join('')).toContain('data: {"notification":{"id":11},"unread_count":2,"unseen_count":1}');
    expect(frames(raw)).toEqual(['unread_count#10', 'notification.updated#11', 'unread_count#11']);
  });

  it('when the socket pushes back, then events are written one at a time, each once the previous one was taken, and what is held is accounted', async () => {
    const raw = new FakeResponse(1);
    const { c, held } = connection(raw, [1]);
    const replay = [outcome(11, 'notification.delivered'), outcome(12, 'notification.delivered'), outcome(13, 'notification.delivered')];
    const live = c.goLive(unreadOnly(0), replay);
    await settle();
    expect(raw.written).toHaveLength(1);
    // The written event is unsent, the other two are queued (their encoded sizes).
    expect(held()).toBe(Buffer.byteLength(raw.written[0]) + 200);
    raw.flush();
    await settle();
    expect(raw.written).toHaveLength(2);
    raw.flush();
    await settle();
    raw.flush();
    await settle();
    raw.flush();
    await live;
    expect(frames(raw)).toEqual(['notification#11', 'notification#12', 'notification#13', 'unread_count#13']);
    expect(held()).toBe(0);
  });

  it('when the client does not read and live events pile up past the bound, then it is disconnected, not buffered for, and holds nothing', async () => {
    const raw = new FakeResponse(1);
    const { c, closed, held } = connection(raw, [1], 600);
    void c.goLive(unreadOnly(0), []);
    await settle();
    for (let i = 0; i < 20 && !c.closed; i++) {
      c.push(outcome(11 + i, 'notification.delivered'));
      await settle();
    }
    expect(closed).toEqual(['slow']);
    expect(raw.destroyed).toBe(true);
    expect(held()).toBe(0);
  });

  it('when a replay is larger than the live bound, then it is still written (it was bounded when read)', async () => {
    const raw = new FakeResponse(1);
    const { c, closed } = connection(raw, [1], 600);
    const live = c.goLive(unreadOnly(0), Array.from({ length: 10 }, (_, i) => outcome(11 + i, 'notification.delivered', 500)));
    for (let i = 0; i < 12; i++) {
      await settle();
      raw.flush();
    }
    await live;
    expect(closed).toEqual([]);
    expect(frames(raw)).toHaveLength(11);
  });

  it('when the count cannot be read, then it is retried twice, then the stream closes (the client reconnects and is replayed)', async () => {
    jest.useFakeTimers();
    try {
      const raw = new FakeResponse();
      const closed: CloseReason[] = [];
      let attempts = 0;
      const c = new LiveConnection({
        raw: raw as unknown as ServerResponse,
        startSeq: 0,
        counts: async () => {
          attempts += 1;
          throw new Error('down');
        },
        view: () => ({}),
        maxBufferedBytes: 1 << 20,
        onSent: () => undefined,
        onClose: (r) => closed.push(r),
      });
      await c.goLive(unreadOnly(0), []);
      c.push(outcome(1, 'notification.delivered'));
      await jest.advanceTimersByTimeAsync(199);
      expect([attempts, closed]).toEqual([1, []]); // retried first (a busy delivery service)
      await jest.advanceTimersByTimeAsync(1);
      expect(attempts).toBe(2);
      await jest.advanceTimersByTimeAsync(400);
      expect([attempts, closed]).toEqual([3, ['error']]);
      expect(raw.written.join('')).not.toContain('event: notification');
    } finally {
      jest.useRealTimers();
    }
  });
});
