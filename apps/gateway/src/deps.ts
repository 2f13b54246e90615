import type { Clock, Logger } from '@herald/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import type { Db } from 'mongodb';
import type { ServiceClients } from './plugins/external/services/service-clients';
import type { Config } from './config';

/** Everything the gateway app is built from; `main.ts` makes the real ones, tests may make others. */
export interface GatewayDeps {
  config: Config;
  logger: Logger;
  db: Db;
  nats: NatsConnection;
  services: ServiceClients;
  /** Pings the gateway's own store (readiness). */
  pingStore: () => Promise<boolean>;
  /** The process's one clock (the system's by default; tests may pass a fake one). */
  clock?: Clock;
  /** Identifies this replica in heartbeats (random by default). */
  instanceId?: string;
}
