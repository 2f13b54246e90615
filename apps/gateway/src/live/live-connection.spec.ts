import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { create } from '@bufbuild/protobuf';
import { NotificationSchema, OutcomeEventSchema } from '@herald/contracts';
import { LiveConnection, type CloseReason } from './live-connection';

class FakeResponse extends EventEmitter {
  written: string[] = [];
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  /** Bytes the fake socket keeps unsent per write (a client that does not read). */
  constructor(private readonly stuckPerWrite = 0) {
    super();
  }
  write(text: string) {
    this.written.push(text);
    this.writableLength += this.stuckPerWrite ? text.length : 0;
    return true;
  }
  end() {
    this.writableEnded = true;
  }
  destroy() {
    this.destroyed = true;
  }
}

const outcome = (seq: number, type: string, id = seq) => ({
  seq,
  event: create(OutcomeEventSchema, { id: `x${seq}`, type, projectId: 1n, recipientId: 'r', notification: create(NotificationSchema, { id: BigInt(id), recipientId: 'r' }) }),
});

function connection(raw: FakeResponse, counts: number[], maxBufferedBytes = 1 << 20) {
  const closed: CloseReason[] = [];
  let calls = 0;
  const c = new LiveConnection({
    raw: raw as unknown as ServerResponse,
    startSeq: 10,
    countUnread: async () => counts[Math.min(calls++, counts.length - 1)],
    view: (e) => ({ id: Number(e.notification!.id) }),
    maxBufferedBytes,
    onSent: () => undefined,
    onClose: (r) => closed.push(r),
  });
  return { c, closed, countCalls: () => calls };
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

describe('LiveConnection', () => {
  it('when replayed and live events overlap or arrive out of order, then each is written once, in sequence order, ids only growing, older ones dropped', async () => {
    const raw = new FakeResponse();
    const { c } = connection(raw, [3, 4]);
    c.push(outcome(13, 'notification.delivered'));
    c.push(outcome(9, 'notification.delivered')); // before the connection's start: dropped
    await c.goLive(2, [outcome(12, 'notification.delivered'), outcome(13, 'notification.delivered'), outcome(11, 'notification.suppressed')]);
    c.push(outcome(12, 'notification.read'));
    c.push(outcome(14, 'notification.read'));
    await new Promise((r) => setImmediate(r));
    expect(frames(raw)).toEqual(['notification#12', 'notification#13', 'unread_count#13', 'notification.updated#14', 'unread_count#14']);
  });

  it('when nothing was missed, then the connect unread_count is the first event, with the count given', async () => {
    const raw = new FakeResponse();
    const { c, countCalls } = connection(raw, [7]);
    await c.goLive(5, []);
    expect(frames(raw)).toEqual(['unread_count#10']);
    expect(raw.written.join('')).toContain('data: {"unread_count":5}');
    expect(countCalls()).toBe(0);
  });

  it('when the client does not read and unsent bytes pass the bound, then it is disconnected, not buffered for', async () => {
    const raw = new FakeResponse(1);
    const { c, closed } = connection(raw, [1], 600);
    await c.goLive(0, []);
    for (let i = 0; i < 20 && !c.closed; i++) {
      c.push(outcome(11 + i, 'notification.delivered'));
      await new Promise((r) => setImmediate(r));
    }
    expect(closed).toEqual(['slow']);
    expect(raw.destroyed).toBe(true);
  });

  it('when the count cannot be read, then it is retried twice, then the stream closes (the client reconnects and is replayed)', async () => {
    const raw = new FakeResponse();
    const closed: CloseReason[] = [];
    const c = new LiveConnection({
      raw: raw as unknown as ServerResponse,
      startSeq: 0,
      countUnread: async () => {
        throw new Error('down');
      },
      view: () => ({}),
      maxBufferedBytes: 1 << 20,
      onSent: () => undefined,
      onClose: (r) => closed.push(r),
    });
    await c.goLive(0, []);
    c.push(outcome(1, 'notification.delivered'));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toEqual([]); // retried first (a busy delivery service)
    await new Promise((r) => setTimeout(r, 700));
    expect(closed).toEqual(['error']);
    expect(raw.written.join('')).not.toContain('event: notification');
  });
});
