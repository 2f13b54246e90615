import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { drainRefusedBody } from './refused-body';

/** A request body stream with the fields drainRefusedBody reads. */
function fakeRequest(headers: Record<string, string> = {}, complete = false) {
  const body = new PassThrough();
  const socket = { destroyed: false, destroy: () => (socket.destroyed = true) };
  Object.assign(body, { headers, complete, socket });
  return { raw: body as unknown as IncomingMessage, body, socket };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('drainRefusedBody', () => {
  const limits = { maxBytes: 1000, maxMs: 60_000 };

  it('when the rest of a refused body arrives within the bound, then it is read away and the connection kept', async () => {
    const { raw, body, socket } = fakeRequest();
    expect(drainRefusedBody(raw, limits)).toBe(true);
    for (let i = 0; i < 9; i++) body.write(Buffer.alloc(100));
    body.end();
    await flush();
    expect(body.readableEnded).toBe(true);
    expect(socket.destroyed).toBe(false);
  });

  it('when more than the bound keeps coming, then the connection is cut', async () => {
    const { raw, body, socket } = fakeRequest();
    drainRefusedBody(raw, limits);
    for (let i = 0; i < 11; i++) body.write(Buffer.alloc(100));
    await flush();
    expect(socket.destroyed).toBe(true);
  });

  it('when the client takes longer than the bound, then the connection is cut', () => {
    jest.useFakeTimers();
    try {
      const { raw, socket } = fakeRequest();
      drainRefusedBody(raw, { maxBytes: 1000, maxMs: 5_000 });
      jest.advanceTimersByTime(4_999);
      expect(socket.destroyed).toBe(false);
      jest.advanceTimersByTime(1);
      expect(socket.destroyed).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['the body was read completely', {}, true],
    ['more is announced (Content-Length) than would be drained', { 'content-length': '1001' }, false],
  ])('when %s, then nothing is drained (the connection closes as fastify decided)', (_what, headers, complete) => {
    expect(drainRefusedBody(fakeRequest(headers, complete).raw, limits)).toBe(false);
  });
});
