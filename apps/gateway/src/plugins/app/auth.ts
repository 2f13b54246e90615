import { DomainError } from '@herald/service-kit';
import fp from 'fastify-plugin';
import { secretsEqual } from '../../auth/api-key';
import { authenticate } from '../../auth/authenticate';
import { isAllowed } from '../../auth/authorize';
import type { Access, Principal } from '../../auth/principal';
import type { Project } from '../../projects/project-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; absent means `full` (see auth/principal.ts). */
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller; set on every route whose access is `full` or `recipient`. */
    principal: Principal;
    /** The caller's project (with its settings); set with `principal`. */
    project: Project;
  }
}

const unauthorized = (message: string) => new DomainError('unauthenticated', 'unauthorized', message);

/**
 * Checks credentials at the edge, before the body is read, on every request:
 * 401 `unauthorized` (with `WWW-Authenticate: Bearer`) for a missing, malformed, unknown, revoked
 * or expired credential; 403 `forbidden` when the credential's scope does not cover the route.
 */
export default fp<{ adminToken: string; tokenSecret: string }>(
  async (app, opts) => {
    app.decorateRequest('principal', null as never);
    app.decorateRequest('project', null as never);

    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const access = request.routeOptions.config.access ?? 'full';
      if (access === 'public') return;
      if (access === 'admin') {
        const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        if (!match || !secretsEqual(match[1], opts.adminToken)) throw unauthorized('A valid admin token is required');
        return;
      }
      const { principal, project } = await authenticate(
        { credentials: app.credentials, tokenSecret: opts.tokenSecret, now: app.clock },
        request.headers.authorization,
      );
      request.principal = principal;
      request.project = project;
      if (!isAllowed(access, principal, request.params)) {
        throw new DomainError('forbidden', 'forbidden', 'This credential does not allow this operation');
      }
    });
  },
  { name: 'auth', dependencies: ['credentials'] },
);
