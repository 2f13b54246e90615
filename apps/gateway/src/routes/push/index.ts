import { createCache, DomainError } from '@herald/service-kit';
import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { SERVICE_WORKER } from './service-worker';
import { documented } from '../../plugins/external/swagger/openapi-document';

const tags = ['push'];
const config = { access: 'public' as const };
const KEY_TTL_MS = 60_000;

const VapidKey = Type.Object(
  { public_key: Type.String({ description: "The VAPID public key (RFC 8292), base64url: a browser's `pushManager.subscribe({applicationServerKey})`" }) },
  { title: 'VapidPublicKey' },
);

/**
 * Web push for browsers, no key needed: the VAPID public key a page subscribes with (the
 * delivery service's, which signs every push; asked once a minute), and Herald's service worker.
 * The subscription itself is stored as the recipient's `web_push` contact (PUT
 * /recipients/{id}/contacts with a recipient token): see the SDK's `enableWebPush`.
 */
const pushRoutes: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;
  const vapidKey = createCache<string>({ max: 1, ttlMs: KEY_TTL_MS, clock: app.clock });

  app.get(
    '/push/vapid_public_key',
    { config, schema: { ...documented({ summary: 'Get the VAPID public key for web push', success: 'The key', response: { data: { public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' } } }), tags, response: { 200: dataOnly(VapidKey), ...errorResponses('message') } } },
    async (_request, reply) => {
      const key = await vapidKey.getOrLoad('vapid', async () => (await deliveries.getPushConfig({})).vapidPublicKey);
      if (!key) throw new DomainError('not_found', 'push_not_configured', 'Web push is not configured on this server (VAPID keys)');
      reply.header('cache-control', 'public, max-age=300');
      return { data: { public_key: key } };
    },
  );

  app.get('/push/herald-sw.js', { config, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      // Registrable with a root scope from this origin.
      .header('service-worker-allowed', '/')
      .send(SERVICE_WORKER),
  );
};

export default pushRoutes;
