import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { dataOnly, withMessage } from '../shared/schemas';
import type { RoutePlugin } from '../shared/type-provider';
import { providerExamples } from './examples';
import { ProviderParams, ProviderSchema, PutProviderBody } from './schemas';
import { providerView } from './views';

const tags = ['providers'];
const errors = errorResponses('message');

/**
 * The project's push and chat provider credentials (Full key): written whole, read back without
 * their secret. The body goes to the delivery service as it came; it is never logged.
 */
const providerRoutes: RoutePlugin = async (app) => {
  const rpc = app.services.providers;
  const project = (request: { project: { id: number } }) => BigInt(request.project.id);

  app.put(
    '/providers/:name',
    {
      schema: {
        ...documented({ summary: "Set a provider's credentials", success: 'Saved; the secret is never shown again', request: providerExamples.input, response: providerExamples.saved }),
        tags,
        params: ProviderParams,
        body: PutProviderBody,
        response: { 200: withMessage(ProviderSchema), ...errors },
      },
    },
    async (request) => {
      const { provider } = await rpc.putProvider({ projectId: project(request), name: request.params.name, settingsJson: JSON.stringify(request.body) });
      return { message: 'Provider saved', data: providerView(provider) };
    },
  );

  app.get(
    '/providers',
    { schema: { ...documented({ summary: 'List the providers', success: 'Every provider, configured or not', response: providerExamples.list }), tags, response: { 200: dataOnly(Type.Object({ providers: Type.Array(ProviderSchema) })), ...errors } } },
    async (request) => {
      const { providers } = await rpc.listProviders({ projectId: project(request) });
      return { data: { providers: providers.map(providerView) } };
    },
  );

  app.get(
    '/providers/:name',
    { schema: { ...documented({ summary: 'Get a provider', success: 'Whether it is configured, with its fingerprint', response: providerExamples.one }), tags, params: ProviderParams, response: { 200: dataOnly(ProviderSchema), ...errors } } },
    async (request) => {
      const { provider } = await rpc.getProvider({ projectId: project(request), name: request.params.name });
      return { data: providerView(provider) };
    },
  );
};

export default providerRoutes;
