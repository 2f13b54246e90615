import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { refineDocument } from './openapi-document';
import { API_VERSION } from '../../app/errors';

const securityOf = (access: string | undefined) =>
  access === 'public' ? [] : access === 'admin' ? [{ adminToken: [] }] : [{ apiKey: [] }];

const DESCRIPTION = [
  'Send notifications to your users in-app, by email, SMS and web push, each as their preferences allow.',
  '',
  'Every call but the public pages carries `Authorization: Bearer <credential>`: a project API key (`nk_full_…` for your servers,',
  '`nk_rcpt_…` for one recipient\'s reads) or a recipient token minted for a browser (`nk_tok_…`). Errors come in the shape their',
  'path\'s family declares, with a machine-readable `code`.',
  '',
  'This page is built from [the OpenAPI document](/openapi.json) (also the source of the TypeScript, Go and Python SDKs).',
  'The guide with the concepts behind it is `docs/api-gateway.md` in the repository.',
].join('\n');

/** The API page's sections, in the order an integrator meets them. */
const TAGS = [
  { name: 'recipients', description: 'The people you notify, by your own id; recipient tokens for browsers' },
  { name: 'contacts', description: "A recipient's addresses per medium (email, SMS, web push) and their confirmation" },
  { name: 'lists', description: 'Audiences recipients subscribe to (or are subscribed to): a team, the watchers of an issue' },
  { name: 'devices', description: "A recipient's mobile app installations (FCM and APNs tokens) for mobile push" },
  { name: 'notifications', description: 'Send to one recipient or broadcast to many; read, cancel and follow what was sent' },
  { name: 'catalog', description: "The project's notification types (channel, topic, event): defaults, mediums, digests, throttles" },
  { name: 'preferences', description: "A recipient's own choices over the catalog, and the decision they lead to" },
  { name: 'webhooks', description: 'Your endpoints that hear about deliveries, signed, with their delivery log' },
  { name: 'stats', description: 'What was sent, counted per minute, hour and day by medium and outcome (the overview)' },
  { name: 'push', description: "Web push in browsers: the server's VAPID key" },
  { name: 'providers', description: "The project's credentials for FCM, APNs and Slack: write-only, shown with a fingerprint" },
  { name: 'unsubscribe', description: "The one-click unsubscribe links in Herald's emails (no key needed)" },
  { name: 'callbacks', description: "SMS providers' delivery reports (no key needed)" },
  { name: 'admin', description: "Operators: projects and their API keys, with the gateway's ADMIN_TOKEN" },
  { name: 'operations', description: 'Liveness and readiness (no key needed)' },
];

/**
 * OpenAPI 3.1 generated from the route schemas (`GET /openapi.json`) and its rendered reference
 * (`GET /docs`). Each operation's security follows its `config.access`.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Herald REST API',
          version: API_VERSION,
          description: DESCRIPTION,
        },
        tags: TAGS,
        components: {
          securitySchemes: {
            apiKey: { type: 'http', scheme: 'bearer', description: 'Project API key (nk_full_…, nk_rcpt_…) or recipient token (nk_tok_…)' },
            adminToken: { type: 'http', scheme: 'bearer', description: "The gateway's ADMIN_TOKEN" },
          },
        },
      },
      // Named components and the services' value rules (openapi-document.ts).
      transformObject: (documentObject) => refineDocument((documentObject as { openapiObject: Record<string, unknown> }).openapiObject) as never,
      transform: ({ schema, url, route }) => ({
        schema: { ...schema, security: securityOf(route.config?.access) } as typeof schema,
        url,
      }),
    });
    // Routes of the rendered docs need no key.
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await docs.register(swaggerUi, { routePrefix: '/docs' });
    });
  },
  { name: 'swagger' },
);
