import { Code, ConnectError, createClient, type Client } from '@connectrpc/connect';
import { createGrpcTransport, Http2SessionManager } from '@connectrpc/connect-node';
import { PreferenceService, RecipientService } from '@herald/contracts';
import { invalid, serviceClientInterceptors } from '@herald/service-kit';
import type { RecipientDirectory } from '../usecases/ports';

export type RecipientClient = Client<typeof RecipientService>;
export type PreferenceClient = Client<typeof PreferenceService>;

export interface PeerClients {
  recipients: RecipientClient;
  preferences: PreferenceClient;
  close(): void;
}

/**
 * The use cases' RecipientDirectory on the recipient service's client: a request the service
 * refuses itself (invalid argument, unimplemented) becomes a domain error, so the use case can tell
 * it from an outage without knowing Connect codes.
 */
export function recipientDirectory(client: RecipientClient): RecipientDirectory {
  return {
    getPrimaryContacts: (req) => client.getPrimaryContacts(req),
    markContactUndeliverable: (req) => client.markContactUndeliverable(req),
    async listRecipientIds(req, opts) {
      try {
        return await client.listRecipientIds(req, opts);
      } catch (err) {
        const code = ConnectError.from(err).code;
        if (code === Code.InvalidArgument || code === Code.Unimplemented) throw invalid(`recipient service refused ListRecipientIds: ${ConnectError.from(err).rawMessage}`, [], 'peer_refused');
        throw err;
      }
    },
  };
}

/**
 * gRPC clients of the services the delivery service calls, one HTTP/2 session each; calls join the
 * active trace and carry the service token when one is given.
 */
export function createPeerClients(urls: { recipients: string; preferences: string; serviceToken?: string }): PeerClients {
  const sessions: Http2SessionManager[] = [];
  const interceptors = serviceClientInterceptors({ SERVICE_TOKEN: urls.serviceToken });
  const transport = (baseUrl: string) => {
    const sessionManager = new Http2SessionManager(baseUrl);
    sessions.push(sessionManager);
    return createGrpcTransport({ baseUrl, sessionManager, defaultTimeoutMs: 15_000, interceptors });
  };
  return {
    recipients: createClient(RecipientService, transport(urls.recipients)),
    preferences: createClient(PreferenceService, transport(urls.preferences)),
    close() {
      for (const s of sessions) s.abort();
    },
  };
}
