import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * What a client gets when Node's HTTP parser refuses its request before fastify sees it (headers or
 * a request line over the size limit, a malformed request, a request that took too long): the
 * contract's error shape, not fastify's default `{error, message, statusCode}`. The path may not
 * even have been read, so its error family is unknown: the body carries both families' fields
 * (`message` + `code`, `error` + `details`; neither schema forbids the other's).
 */
export function clientErrorResponse(err: { code?: string }): { status: number; head: string; body: string } {
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const [code, message] =
    status === 431
      ? ['headers_too_large', 'Request line and headers exceed the size limit']
      : status === 408
        ? ['request_timeout', 'The request took too long to arrive']
        : ['bad_request', 'The request could not be parsed as HTTP'];
  const body = JSON.stringify({ message, code, error: code, details: message });
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  return { status, head, body };
}

/** fastify's `clientErrorHandler`: answers in the contract's shape, then closes the connection. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const r = clientErrorResponse(err);
  socket.end(r.head + r.body);
}
