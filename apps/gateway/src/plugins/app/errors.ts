import fp from 'fastify-plugin';
import { errorFamilyOf } from '../../http/error-family';
import { errorBody, toHttpError, type HttpError } from '../../http/http-error';

export const API_VERSION = '1.0';

/**
 * The one error handler (decisions §1–2): every failure becomes a body in its path's family; the
 * sentence is shown below 500, a generic text at 500 and above (the cause is logged once, here,
 * with the request id). Also: `X-API-Version` on every response, and JSON bodies parsed by
 * fastify's secure parser, an empty body counting as no body.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).length === 0) return done(null, undefined);
      parseJson(request, body as string, done);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('X-API-Version', API_VERSION);
      // The id under which this request is logged, to quote when reporting a problem.
      reply.header('X-Request-Id', request.id);
      return payload;
    });

    const send = (request: { method: string; url: string }, reply: import('fastify').FastifyReply, e: HttpError) =>
      reply.code(e.status).headers(e.headers ?? {}).send(errorBody(errorFamilyOf(request.method, request.url), e));

    app.setErrorHandler((err, request, reply) => {
      const e = toHttpError(err);
      if (e.status >= 500) request.log.error({ err }, 'request failed');
      return send(request, reply, e);
    });

    app.setNotFoundHandler((request, reply) => send(request, reply, { status: 404, code: 'not_found', message: 'Route not found' }));
  },
  { name: 'errors' },
);
