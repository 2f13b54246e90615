import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_VERSION } from '../../plugins/app/errors';
import { sseRetry } from '../../plugins/app/live-streams/sse';

/**
 * Takes the response over from fastify and starts a Server-Sent Events stream on it: the headers
 * (the reply's own, such as a renewed session cookie, kept), no delay nor idle timeout on the
 * socket, and the client's reconnection delay. Answers the raw response the events are written to.
 */
export function startEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-API-Version': API_VERSION,
    'X-Request-Id': request.id,
  });
  request.raw.socket.setNoDelay(true);
  request.raw.socket.setTimeout(0);
  raw.write(sseRetry(2000));
  return raw;
}
