import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { RoutePlugin } from '../shared/type-provider';
import { CONSOLE_PAGE } from './console-page';

/** The console's pages allow only their own script, styles and API calls, and no framing. */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * GET /console (and every path under it: the console routes in the browser) answers its one page;
 * GET /console/assets/console.{js,css} the bundle scripts/build.mjs writes beside the apps.
 */
const consolePageRoutes: RoutePlugin = async (app) => {
  const config = { access: 'public' as const };
  const uiDir = app.config.UI_DIR || path.resolve(__dirname, '..', '..', 'ui');
  const secured = { 'content-security-policy': CONSOLE_CSP, 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

  const page = async (_request: unknown, reply: FastifyReply) =>
    reply.headers({ ...secured, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).send(CONSOLE_PAGE);
  app.get('/console', { config, schema: { hide: true } }, page);
  const views = ['/console/activity', '/console/overview', '/console/recipients', '/console/catalog', '/console/lists', '/console/webhooks', '/console/broadcasts'];
  const oneOf = ['/console/notifications/:id', '/console/recipients/:id', '/console/webhooks/:id', '/console/broadcasts/:id', '/console/lists/:id'];
  for (const view of [...views, ...oneOf]) app.get(view, { config, schema: { hide: true } }, page);

  const types: Record<string, string> = { 'console.js': 'text/javascript; charset=utf-8', 'console.css': 'text/css; charset=utf-8', 'console.js.map': 'application/json' };
  for (const [file, type] of Object.entries(types)) {
    app.get(`/console/assets/${file}`, { config, schema: { hide: true } }, async (_request, reply) => {
      let body: Buffer;
      try {
        body = await fs.promises.readFile(path.join(uiDir, file));
      } catch {
        return reply.callNotFound();
      }
      return reply.headers({ ...secured, 'content-type': type, 'cache-control': 'no-cache' }).send(body);
    });
  }
};

export default consolePageRoutes;
