import type { ConnectRouter } from '@connectrpc/connect';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ProviderService } from '@herald/contracts';
import type { ProviderCredentials, ProviderView } from './provider-credentials';

const toPbProvider = (p: ProviderView) => ({
  name: p.name,
  configured: p.configured,
  fingerprint: p.fingerprint ?? undefined,
  settings: p.shown,
  updatedAt: p.updatedAt ? timestampFromDate(p.updatedAt) : undefined,
});

/** ProviderService: each handler is one call of the project's provider credentials; `onSaved` hears each saved provider (e.g. to drop a cached token). */
export const providerRoutes = (credentials: ProviderCredentials, onSaved: (projectId: number, name: string) => void = () => {}) => (router: ConnectRouter) =>
  router.service(ProviderService, {
    async putProvider(req) {
      const saved = await credentials.put(Number(req.projectId), req.name, req.settingsJson);
      onSaved(Number(req.projectId), saved.name);
      return { provider: toPbProvider(saved) };
    },
    async getProvider(req) {
      return { provider: toPbProvider(await credentials.get(Number(req.projectId), req.name)) };
    },
    async listProviders(req) {
      return { providers: (await credentials.list(Number(req.projectId))).map(toPbProvider) };
    },
  });
