import type { Clock } from '@herald/service-kit';
import type { Db } from 'mongodb';
import { createProviderCredentialRepository } from './provider-credential-repository';
import { createProviderCredentials } from './provider-credentials';
import { createSecretBox, parseSecretKey } from './secret-box';

export type { ProviderCredentials, ProviderView } from './provider-credentials';
export { providerRoutes } from './provider-routes';
export { PROVIDER_NAMES, type ProviderName } from './provider-settings';

/** The project's provider credentials over the store, sealed with PROVIDER_SECRET_KEY (empty: none can be stored). */
export async function openProviderCredentials(db: Db, secretKey: string, clock: Clock) {
  const credentials = createProviderCredentialRepository(db);
  await credentials.ensureIndexes();
  const key = secretKey ? parseSecretKey(secretKey) : null;
  return createProviderCredentials({ credentials, box: key && createSecretBox(key), clock });
}
