// Bundled on the fly by the preference benchmarks (esbuild), so they call the preference service
// with the same generated client and transport the other services use.
import { createClient } from '@connectrpc/connect';
import { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { PreferenceService } from '@herald/contracts';

export function createPreferenceClient(baseUrl: string) {
  const sessionManager = new Http2SessionManager(baseUrl);
  const client = createClient(PreferenceService, createGrpcTransport({ baseUrl, sessionManager }));
  return { client, close: () => sessionManager.abort() };
}
