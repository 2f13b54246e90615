import type { ServerResponse } from 'node:http';
import { create } from '@bufbuild/protobuf';
import { NotificationSchema, OutcomeEventSchema } from '@herald/contracts';
import { FakeResponse } from '../../../testing/fake-response';
import { ActivityConnection } from './activity-connection';
import type { CloseReason } from './live-connection';
import type { LiveOutcome } from './outcome-feed';

const outcome = (seq: number, type: string): LiveOutcome => ({
  seq,
  size: 100,
  event: create(OutcomeEventSchema, { id: `x${seq}`, type, projectId: 1n, recipientId: 'r', notification: create(NotificationSchema, { id: BigInt(seq), recipientId: 'r' }) }),
});

/** A connection that shows email outcomes only, as `<seq>:<type>` texts of 100 bytes. */
function connection(raw: FakeResponse, maxBufferedBytes = 1 << 20) {
  const closed: CloseReason[] = [];
  let held = 0;
  const conn = new ActivityConnection({
    raw: raw as unknown as ServerResponse,
    render: (o) => (o.event.type.startsWith('email.') ? `${o.seq}:${o.event.type}`.padEnd(100, '.') : null),
    maxBufferedBytes,
    onSent: () => undefined,
    onBuffered: (delta) => (held += delta),
    onClose: (reason) => closed.push(reason),
  });
  return { conn, closed, held: () => held };
}

describe('ActivityConnection', () => {
  it('when outcomes arrive, then those it shows are written in order, one at a time after the socket took the previous one; the others are dropped', async () => {
    const raw = new FakeResponse(100);
    const { conn, held } = connection(raw);
    for (const [seq, type] of [[1, 'email.sent'], [2, 'notification.read'], [3, 'email.failed'], [4, 'email.skipped']] as const) conn.push(outcome(seq, type));
    await Promise.resolve();
    expect(raw.written.map((t) => t.slice(0, t.indexOf('.', 3)))).toEqual(['1:email']);
    raw.flush();
    await new Promise((r) => setImmediate(r));
    raw.flush();
    await new Promise((r) => setImmediate(r));
    raw.flush();
    expect(raw.written.map((t) => t.split(':')[0])).toEqual(['1', '3', '4']);
    expect(held()).toBe(0);
  });

  it('when a client reads too slowly, then past its byte bound it is disconnected, and what it held is released at once', () => {
    const raw = new FakeResponse(100);
    const { conn, closed, held } = connection(raw, 250);
    for (let seq = 1; seq <= 3; seq++) conn.push(outcome(seq, 'email.sent'));
    expect(closed).toEqual(['slow']);
    expect(raw.destroyed).toBe(true);
    expect(held()).toBe(0);
    conn.push(outcome(4, 'email.sent'));
    expect(raw.written).toHaveLength(1);
  });

  it('when the client leaves, then the connection closes as the client\'s', () => {
    const raw = new FakeResponse();
    const { closed } = connection(raw);
    raw.emit('close');
    expect(closed).toEqual(['client']);
  });
});
