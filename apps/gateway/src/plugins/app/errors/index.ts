import { invalid } from '@herald/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAllowedMethods } from './allowed-methods';
import { closeRouteBody } from './closed-body';
import { errorFamilyOf, type ErrorFamily } from './error-family';
import { bodyViolation, errorBody, GatewayUnavailableError, toHttpError, type HttpError } from './http-error';
import { ErrorFamilySchema, MessageErrorSchema } from './error-schemas';
import { jsonShapeProblem } from './json-shape';
import { drainRefusedBody } from './refused-body';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The error family of the route's declared 4xx/5xx schema (set from it when the route is added). */
    errorFamily?: ErrorFamily;
  }
}

export const API_VERSION = '1.0';

/**
 * The family of an error body: the one the matched route declares (its body must fit that schema,
 * whatever the path looks like: `PUT /recipients//contacts` is that route with an empty id), else
 * the path's (no route, or a route without error schemas).
 */
const familyOf = (request: Pick<FastifyRequest, 'method' | 'url' | 'routeOptions'>): ErrorFamily =>
  request.routeOptions?.config?.errorFamily ?? errorFamilyOf(request.method, request.url);

/** The family of a route's declared error schemas (plugins register them with `errorResponses`). */
function declaredFamily(response: unknown): ErrorFamily | undefined {
  const title = ((response as Record<string, { title?: unknown } | undefined> | undefined)?.['4xx'])?.title;
  if (title === ErrorFamilySchema.title) return 'error';
  if (title === MessageErrorSchema.title) return 'message';
  return undefined;
}

const send = (request: Pick<FastifyRequest, 'id' | 'method' | 'url' | 'routeOptions'>, reply: FastifyReply, e: HttpError) =>
  reply
    .code(e.status)
    .headers({ ...e.headers, 'X-API-Version': API_VERSION, 'X-Request-Id': request.id })
    .send(errorBody(familyOf(request), e));

/**
 * fastify's `frameworkErrors`: errors raised before routing (a malformed percent-escape in the
 * path, FST_ERR_BAD_URL), which the error handler never sees. Same mapping, same families.
 */
export function frameworkErrorHandler(err: Error, request: FastifyRequest, reply: FastifyReply): void {
  const e = toHttpError(err);
  if (e.status >= 500) request.log.error({ err }, 'request failed');
  void send(request, reply, e);
}

const invalidBody = (message: string, description: string) => invalid(message, [bodyViolation(message, description)]);

/**
 * The one error handler: every failure becomes a body in its path's family; the
 * sentence is shown below 500, a generic text at 500 and above (the cause is logged once, here,
 * with the request id). Also: `X-API-Version` on every response, and JSON bodies parsed by
 * fastify's secure parser, an empty body counting as no body. Before parsing, the body's shape is
 * bounded (nesting depth, number of values; see `jsonShapeProblem`), and a body of JSON `null` is
 * refused: every JSON body of the API is an object or an array.
 */
export default fp(
  async (app) => {
    // A path that exists under other methods answers 405 with Allow (TRACE, or PUT on a read-only resource).
    const allowed = createAllowedMethods();
    app.addHook('onRoute', (route) => {
      allowed.add(route.method, route.url);
      closeRouteBody(route);
      const family = declaredFamily(route.schema?.response);
      if (family) route.config = { ...route.config, errorFamily: family };
    });
    const methodNotAllowed = (request: FastifyRequest): HttpError | null => {
      const methods = allowed.of(request.url);
      if (methods.length === 0) return null;
      const list = methods.join(', ');
      return { status: 405, code: 'method_not_allowed', message: `${request.method} is not allowed here (allowed: ${list})`, headers: { Allow: list } };
    };

    // `__proto__` keys (and `constructor.prototype`) are dropped like any unknown field, never applied.
    const parseJson = app.getDefaultJsonParser('remove', 'remove');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (text.length === 0) return done(null, undefined);
      const problem = jsonShapeProblem(text);
      if (problem) return done(invalidBody('Request body is too deeply nested or too large', `The body has ${problem}`));
      parseJson(request, text, (err, value) => {
        if (!err && value === null) {
          return done(invalidBody('Request body is invalid', 'Expected a JSON object or array, not null'));
        }
        done(err, value);
      });
    });

    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('X-API-Version', API_VERSION);
      // The id under which this request is logged, to quote when reporting a problem.
      reply.header('X-Request-Id', request.id);
      return payload;
    });

    app.setErrorHandler((err, request, reply) => {
      // A method fastify reads a body for (QUERY) on a path without it fails before the not-found handler.
      const e = (request.routeOptions.url === undefined && methodNotAllowed(request)) || toHttpError(err);
      // A refusal for lack of room (GatewayUnavailableError) is counted by its own metric, not a failure.
      if (e.status >= 500 && !(err instanceof GatewayUnavailableError)) request.log.error({ err }, 'request failed');
      // A body refused while it is still arriving: read the rest away (bounded) instead of closing
      // on a client that is still uploading, so it reads its 413 rather than a broken pipe.
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' && drainRefusedBody(request.raw)) reply.removeHeader('connection');
      return send(request, reply, e);
    });

    app.setNotFoundHandler((request, reply) => send(request, reply, methodNotAllowed(request) ?? { status: 404, code: 'not_found', message: 'Route not found' }));
  },
  { name: 'errors' },
);
