// Bundled on the fly by the preference benchmarks (esbuild), so they call the preference service
// with the same generated client and transport the other services use.
import { createClient } from '@connectrpc/connect';
import { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { PreferenceService } from '@herald/contracts';
import { serviceAuthClientInterceptor } from '@herald/service-kit';

/** A client of the stack's preference service; `serviceToken` is the stack's SERVICE_TOKEN. */
export function createPreferenceClient(baseUrl: string, serviceToken: string) {
  const sessionManager = new Http2SessionManager(baseUrl);
  const interceptors = [serviceAuthClientInterceptor(serviceToken)];
  const client = createClient(PreferenceService, createGrpcTransport({ baseUrl, sessionManager, interceptors }));
  return { client, close: () => sessionManager.abort() };
}
