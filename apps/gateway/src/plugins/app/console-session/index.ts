import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Db } from 'mongodb';
import { createConsoleSessions, type ConsoleSessions } from './sessions';
import { createSessionRepository } from './session-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's cookie sessions (routes/console signs in and out; the auth hook reads them). */
    consoleSessions: ConsoleSessions;
  }
}

/** Whether the request came over https (directly, or through a proxy saying so). */
export const overHttps = (request: FastifyRequest): boolean =>
  request.protocol === 'https' || String(request.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https';

/** Whether a browser request comes from the gateway's own pages: its Origin is this host's. */
export const fromOwnOrigin = (request: FastifyRequest): boolean => {
  const origin = request.headers.origin;
  return typeof origin === 'string' && (origin === `https://${request.host}` || (!overHttps(request) && origin === `http://${request.host}`));
};

/** Console sessions kept in the gateway's database, checked against the credentials on every use. */
export default fp<{ db: Db }>(
  async (app, opts) => {
    const sessions = createSessionRepository(opts.db);
    await sessions.ensureIndexes();
    app.decorate('consoleSessions', createConsoleSessions({ sessions, credentials: app.credentials, now: () => app.clock.date() }));
  },
  { name: 'console-session', dependencies: ['credentials'] },
);
