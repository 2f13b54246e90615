import fs from 'node:fs';
import path from 'node:path';
import type { RoutePlugin } from '../shared/type-provider';
import { DEMO_PAGE } from './demo-page';

const DEMO_RECIPIENT = 'demo-user';
const DEMO_TARGET = { channel: 'demo', topic: 'none', event: 'sample' };
const SAMPLES = [
  { title: 'Welcome to Herald', body: 'This inbox is <herald-inbox>: live, keyboard friendly, themable.', url: null },
  { title: 'Invoice #1042 is paid', body: 'Thanks! A receipt is on its way to your inbox.', url: null },
  { title: 'Ada mentioned you', body: '“Can you review the launch checklist?”', url: null },
  { title: 'Deploy finished', body: 'herald-gateway v1.4.2 is live in eu-west-1.', url: null },
  { title: 'New sign-in', body: 'Chrome on Linux, Berlin. Not you? Reset your password.', url: null },
];

/**
 * Browser assets (not part of the API, hidden from the OpenAPI document, no key needed):
 *  - GET /ui/herald-inbox.js: the <herald-inbox> bundle (scripts/build.mjs writes it beside the apps);
 *  - GET /demo, POST /demo/session, POST /demo/send: the demo page, only with DEMO_CREDENTIALS_FILE
 *    (development: the session mints a recipient token with that Full key, through this gateway's own API).
 */
const uiRoutes: RoutePlugin = async (app) => {
  const config = { access: 'public' as const };
  const uiDir = app.config.UI_DIR || path.resolve(__dirname, '..', '..', 'ui');

  for (const file of ['herald-inbox.js', 'herald-inbox.js.map']) {
    app.get(`/ui/${file}`, { config, schema: { hide: true } }, async (_request, reply) => {
      let body: Buffer;
      try {
        body = await fs.promises.readFile(path.join(uiDir, file));
      } catch {
        return reply.callNotFound();
      }
      return reply
        .header('content-type', file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/json')
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .send(body);
    });
  }

  const credentialsFile = app.config.DEMO_CREDENTIALS_FILE;
  if (!credentialsFile) return;

  /** The Full key, read when needed: npm start writes the file after the gateway is up. */
  const fullKey = async (): Promise<string> => JSON.parse(await fs.promises.readFile(credentialsFile, 'utf8')).full_key;
  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${await fullKey()}` } });
    return { status: res.statusCode, body: res.json() as { data?: Record<string, unknown> } };
  };
  let sent = 0;
  const sendSample = async () => {
    const sample = SAMPLES[sent++ % SAMPLES.length];
    // With a push block too: delivered as web push once the page's inbox enabled it (catalog entry below).
    return api('POST', '/notifications/send', { recipient_id: DEMO_RECIPIENT, target: DEMO_TARGET, payload: sample, push: { title: sample.title, body: sample.body, tag: 'herald-demo' } });
  };

  app.get('/demo', { config, schema: { hide: true } }, async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').send(DEMO_PAGE));

  app.post('/demo/session', { config, schema: { hide: true } }, async (_request, reply) => {
    const created = await api('POST', '/recipients', { id: DEMO_RECIPIENT, name: 'Demo user' });
    // Web push of the demo's samples is on by default (409 once it exists).
    if (created.status === 201) await api('POST', '/preferences', { ...DEMO_TARGET, medium: 'web_push', name: 'Demo samples (push)', default_enabled: true });
    if (created.status === 201) for (let i = 0; i < 3; i++) await sendSample();
    const token = await api('POST', `/recipients/${DEMO_RECIPIENT}/tokens`, { ttl_seconds: 3600 });
    if (token.status !== 201) return reply.code(502).send({ message: 'The demo could not mint a token', code: 'demo_unavailable' });
    return { recipient_id: DEMO_RECIPIENT, token: token.body.data!.token, expires_at: token.body.data!.expires_at };
  });

  app.post('/demo/send', { config, schema: { hide: true } }, async (_request, reply) => {
    const res = await sendSample();
    return reply.code(res.status).send(res.body);
  });
};

export default uiRoutes;
