import { Type } from '@sinclair/typebox';
import { DomainError, invalid, notFound } from '@herald/service-kit';
import type { FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../shared/type-provider';
import { hashApiKey, looksLikeApiKey, secretsEqual } from '../../plugins/app/auth/api-key';
import { fromOwnOrigin, overHttps } from '../../plugins/app/console-session';
import { sessionCookie, sessionCookieOf } from '../../plugins/app/console-session/cookie';
import { SESSION_IDLE_MS } from '../../plugins/app/console-session/sessions';

const SessionBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 512 }),
  /** With the admin token: the project to open (one that exists). */
  project_id: Type.Optional(Type.Integer({ minimum: 1 })),
});

const unauthorized = (message: string) => new DomainError('unauthenticated', 'unauthorized', message);
const requireOwnOrigin = (request: FastifyRequest) => {
  if (!fromOwnOrigin(request)) throw new DomainError('forbidden', 'forbidden', 'Console sign-in and sign-out must come from the console (Origin)');
};

/**
 * The console's sign-in and sign-out (not part of the API: hidden from the OpenAPI document).
 * A Full key, or the admin token with an existing project's id, is exchanged for a session cookie;
 * the key is never sent back, and the cookie stands for it on the API's own routes.
 */
const consoleSessionRoutes: RoutePlugin = async (app) => {
  const credentials = app.credentials;

  /** The project and key id a sign-in credential opens (keyId null: the admin token). */
  const signInWith = async (key: string, projectId: number | undefined): Promise<{ projectId: number; keyId: number | null }> => {
    if (secretsEqual(key, app.config.ADMIN_TOKEN)) {
      if (projectId === undefined) {
        const message = 'With the admin token, name the project to open';
        throw invalid(message, [{ message, description: message, property_path: 'project_id', invalid_value: null }]);
      }
      if (!(await credentials.findProject(projectId))) throw notFound('project_not_found', 'Project not found');
      return { projectId, keyId: null };
    }
    const found = looksLikeApiKey(key) ? await credentials.findKey(hashApiKey(key)) : null;
    if (!found) throw unauthorized('Invalid key: sign in with a Full key or the admin token');
    if (found.scope !== 'full') throw new DomainError('forbidden', 'forbidden', 'The console takes a Full key');
    return { projectId: found.projectId, keyId: found.id };
  };

  app.post('/console/session', { config: { access: 'public' }, schema: { hide: true, body: SessionBody } }, async (request, reply) => {
    requireOwnOrigin(request);
    const { projectId, keyId } = await signInWith(request.body.key, request.body.project_id);
    const project = await credentials.findProject(projectId);
    if (!project) throw unauthorized('Invalid key');
    const session = await app.consoleSessions.open(projectId, keyId);
    return reply
      .code(201)
      .header('set-cookie', sessionCookie(session.value, SESSION_IDLE_MS / 1000, overHttps(request)))
      .header('cache-control', 'no-store')
      .send({ message: 'Signed in', data: { project: { id: project.id, name: project.name }, admin: keyId === null, expires_at: session.expiresAt.toISOString() } });
  });

  // Who the cookie (or key) stands for: the console asks on load.
  app.get('/console/session', { schema: { hide: true } }, async (request) => ({ data: { project: { id: request.project.id, name: request.project.name } } }));

  app.delete('/console/session', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    requireOwnOrigin(request);
    const value = sessionCookieOf(request.headers.cookie);
    if (value) await app.liveStreams.sessionEnded(await app.consoleSessions.end(value));
    return reply.code(204).header('set-cookie', sessionCookie('', 0, overHttps(request))).send();
  });
};

export default consoleSessionRoutes;
