import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { refineDocument } from './openapi-document';
import { API_VERSION } from '../../app/errors';

const securityOf = (access: string | undefined) =>
  access === 'public' ? [] : access === 'admin' ? [{ adminToken: [] }] : [{ apiKey: [] }];

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
          description: 'Notification delivery: recipients, contacts, preferences and sends. See docs/api-gateway.md.',
        },
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
