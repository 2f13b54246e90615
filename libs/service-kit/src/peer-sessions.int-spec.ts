import * as http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { PeerSessionManager } from './peer-sessions';

/** Reads a stream's answer to its end: the status and the body. */
function answerOf(stream: http2.ClientHttp2Stream): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let body = '';
    stream.on('response', (headers) => (status = Number(headers[':status'])));
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => resolve({ status, body }));
    stream.on('error', reject);
    stream.end();
  });
}

describe('PeerSessionManager: a peer that says GOAWAY on an idle session', () => {
  let server: http2.Http2Server;
  let url: string;
  /** Every session the server accepted, to say GOAWAY on. */
  const accepted: http2.ServerHttp2Session[] = [];

  beforeAll(async () => {
    server = http2.createServer();
    server.on('session', (s) => accepted.push(s));
    server.on('stream', (stream) => {
      stream.respond({ ':status': 200 });
      stream.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of accepted) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('when a request comes between the GOAWAY and the session\'s close, then it is answered on a new session and the process does not crash', async () => {
    const manager = new PeerSessionManager(url);
    const first = await manager.request('POST', '/first', {}, {});
    expect(await answerOf(first)).toEqual({ status: 200, body: 'ok' });
    const session = first.session!;
    // The request in between: issued from the client's own `goaway` handler, after the manager's,
    // which has destroyed the session with an error Node.js raises only when its socket closes.
    const second = new Promise<http2.ClientHttp2Stream>((resolve, reject) => session.once('goaway', () => manager.request('POST', '/second', {}, {}).then(resolve, reject)));
    const closed = new Promise((resolve) => session.once('close', resolve));
    accepted[accepted.length - 1].goaway(http2.constants.NGHTTP2_NO_ERROR);
    const stream = await second;
    expect(stream.session).not.toBe(session);
    expect(await answerOf(stream)).toEqual({ status: 200, body: 'ok' });
    // The late error was raised (with the guard's listener the only one left) and dropped.
    await closed;
    manager.abort();
  });
});
