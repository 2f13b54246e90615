import type { Clock } from '@herald/service-kit';
import { DomainError, invalid, violation } from '@herald/service-kit';
import { credentialId, type ProviderCredentialDoc, type ProviderCredentialRepository } from './provider-credential-repository';
import { fingerprintOf, isProviderName, parseProviderSettings, PROVIDER_NAMES, type ProviderName } from './provider-settings';
import type { SecretBox } from './secret-box';

/** What may be shown of one provider's settings. */
export interface ProviderView {
  name: ProviderName;
  configured: boolean;
  fingerprint: string | null;
  shown: Record<string, string>;
  updatedAt: Date | null;
}

export interface ProviderCredentialDeps {
  credentials: ProviderCredentialRepository;
  /** null: PROVIDER_SECRET_KEY is not set, so no secret can be stored or read. */
  box: SecretBox | null;
  clock: Clock;
}

const noSecretKey = () => new DomainError('precondition', 'provider_secret_key_missing', 'Provider credentials need PROVIDER_SECRET_KEY on the delivery service');

function providerName(name: string): ProviderName {
  if (!isProviderName(name)) throw invalid('Unknown provider', [violation('name', `name must be one of ${PROVIDER_NAMES.join(', ')}`, name)]);
  return name;
}

const viewOf = (name: ProviderName, doc: ProviderCredentialDoc | null | undefined): ProviderView =>
  doc ? { name, configured: true, fingerprint: doc.fingerprint, shown: doc.shown, updatedAt: doc.updated_at } : { name, configured: false, fingerprint: null, shown: {}, updatedAt: null };

/**
 * A project's provider credentials: written whole, shown without their secret, read in clear only
 * by the senders (`read`). Secrets are sealed with AES-256-GCM under PROVIDER_SECRET_KEY.
 */
export function createProviderCredentials(deps: ProviderCredentialDeps) {
  return {
    async put(projectId: number, rawName: string, settingsJson: string): Promise<ProviderView> {
      const name = providerName(rawName);
      const parsed = parseProviderSettings(name, settingsJson);
      if (Array.isArray(parsed)) throw invalid('Validation failed', parsed);
      if (!deps.box) throw noSecretKey();
      const _id = credentialId(projectId, name);
      const doc: ProviderCredentialDoc = {
        _id, project_id: projectId, name, sealed: deps.box.seal(JSON.stringify(parsed.stored), _id), shown: parsed.shown, fingerprint: fingerprintOf(parsed.stored), updated_at: deps.clock.date(),
      };
      await deps.credentials.put(doc);
      return viewOf(name, doc);
    },

    async get(projectId: number, rawName: string): Promise<ProviderView> {
      const name = providerName(rawName);
      return viewOf(name, await deps.credentials.find(projectId, name));
    },

    async list(projectId: number): Promise<ProviderView[]> {
      const docs = await deps.credentials.listOf(projectId);
      return PROVIDER_NAMES.map((name) => viewOf(name, docs.find((d) => d.name === name)));
    },

    /** The settings in clear for a sender (e.g. `{ bot_token }` of slack); null when the project has not configured the provider. */
    async read(projectId: number, name: ProviderName): Promise<Record<string, string> | null> {
      const doc = await deps.credentials.find(projectId, name);
      if (!doc) return null;
      if (!deps.box) throw noSecretKey();
      return JSON.parse(deps.box.open(doc.sealed, doc._id)) as Record<string, string>;
    },
  };
}

export type ProviderCredentials = ReturnType<typeof createProviderCredentials>;
