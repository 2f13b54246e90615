import type { ServiceDeps, ServiceParts } from '@herald/service-kit';
import type { Config } from './config';

/** Builds the service from its dependencies. Its RPCs arrive with their own issue; for now it serves health and metrics. */
export async function build(_deps: ServiceDeps<Config>): Promise<ServiceParts> {
  return { routes: () => undefined };
}
