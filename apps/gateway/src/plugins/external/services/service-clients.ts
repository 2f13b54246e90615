import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import { PeerSessionManager, serviceClientInterceptors } from '@herald/service-kit';
import { DeliveryService, Health, PreferenceService, ProviderService, RecipientService, WebhookService } from '@herald/contracts';
import type { Config } from '../../../config';

/** The internal services the gateway calls, and the grpc.health client of each (for `/readyz`). */
export interface ServiceClients {
  recipients: Client<typeof RecipientService>;
  preferences: Client<typeof PreferenceService>;
  deliveries: Client<typeof DeliveryService>;
  /** Webhook endpoints and their delivery log (served by the delivery service). */
  webhooks: Client<typeof WebhookService>;
  /** The project's provider credentials (served by the delivery service). */
  providers: Client<typeof ProviderService>;
  health: Record<string, Client<typeof Health>>;
  /** Closes the HTTP/2 sessions (last step of shutdown). */
  close(): void;
}

/** One long-lived HTTP/2 (h2c) session per service; Connect protocol by default, gRPC when configured; calls carry the service token. */
export function createServiceClients(
  config: Pick<Config, 'RECIPIENT_SERVICE_URL' | 'PREFERENCE_SERVICE_URL' | 'DELIVERY_SERVICE_URL'> & Partial<Pick<Config, 'SERVICE_PROTOCOL' | 'SERVICE_TOKEN'>>,
): ServiceClients {
  const sessions: PeerSessionManager[] = [];
  // Every call (grpc.health included) carries the service token when one is configured.
  const interceptors = serviceClientInterceptors(config);
  const transportTo = (baseUrl: string) => {
    const sessionManager = new PeerSessionManager(baseUrl, { idleConnectionTimeoutMs: 60_000 });
    sessions.push(sessionManager);
    const options = { baseUrl, sessionManager, defaultTimeoutMs: 10_000, interceptors };
    return config.SERVICE_PROTOCOL === 'grpc'
      ? createGrpcTransport(options)
      : createConnectTransport({ ...options, httpVersion: '2' });
  };
  const recipient = transportTo(config.RECIPIENT_SERVICE_URL);
  const preference = transportTo(config.PREFERENCE_SERVICE_URL);
  const delivery = transportTo(config.DELIVERY_SERVICE_URL);
  return {
    recipients: createClient(RecipientService, recipient),
    preferences: createClient(PreferenceService, preference),
    deliveries: createClient(DeliveryService, delivery),
    webhooks: createClient(WebhookService, delivery),
    providers: createClient(ProviderService, delivery),
    health: {
      'recipient-service': createClient(Health, recipient),
      'preference-service': createClient(Health, preference),
      'delivery-service': createClient(Health, delivery),
    },
    close() {
      for (const s of sessions) s.abort();
    },
  };
}
