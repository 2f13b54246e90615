import type { ServiceDeps, ServiceParts } from '@herald/service-kit';
import type { Config } from './config';

export async function build(_deps: ServiceDeps<Config>): Promise<ServiceParts> {
  return { routes: () => undefined };
}
