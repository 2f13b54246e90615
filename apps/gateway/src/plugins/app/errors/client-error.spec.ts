import { PassThrough } from 'node:stream';
import { clientErrorHandler, clientErrorResponse } from './client-error';

describe('clientErrorResponse', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'headers_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'request_timeout'],
    ['HPE_INVALID_METHOD', 400, 'bad_request'],
    [undefined, 400, 'bad_request'],
  ])('when the parser fails with %p, then %p with code %p in both error families', (errCode, status, code) => {
    const r = clientErrorResponse({ code: errCode });
    expect(r.status).toBe(status);
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ code, error: code });
    expect(typeof body.message).toBe('string');
    expect(body.details).toBe(body.message);
    expect(r.head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(r.head).toContain(`Content-Length: ${Buffer.byteLength(r.body)}\r\n`);
  });
});

describe('clientErrorHandler', () => {
  it('when the socket is writable, then it writes the response and ends the connection', async () => {
    const socket = new PassThrough();
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => socket.on('end', r));
    clientErrorHandler(Object.assign(new Error('too big'), { code: 'HPE_HEADER_OVERFLOW' }), socket);
    await ended;
    const text = Buffer.concat(chunks).toString();
    expect(text).toMatch(/^HTTP\/1.1 431 Request Header Fields Too Large\r\n/);
    expect(JSON.parse(text.split('\r\n\r\n')[1])).toMatchObject({ code: 'headers_too_large', error: 'headers_too_large' });
  });

  it('when the client already reset the connection, then nothing is written', () => {
    const socket = new PassThrough();
    const write = jest.spyOn(socket, 'write');
    clientErrorHandler(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket);
    expect(write).not.toHaveBeenCalled();
    expect(socket.destroyed).toBe(true);
  });
});
