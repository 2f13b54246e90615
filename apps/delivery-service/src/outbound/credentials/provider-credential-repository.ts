import type { Db } from 'mongodb';

/** One provider's settings of a project: the secret sealed, what may be shown in clear. */
export interface ProviderCredentialDoc {
  /** `<project id>/<provider name>`. */
  _id: string;
  project_id: number;
  name: string;
  /** The whole settings as JSON, sealed by the SecretBox with `_id` as its context. */
  sealed: string;
  shown: Record<string, string>;
  fingerprint: string;
  updated_at: Date;
}

export const credentialId = (projectId: number, name: string) => `${projectId}/${name}`;

export function createProviderCredentialRepository(db: Db) {
  const col = db.collection<ProviderCredentialDoc>('provider_credentials');
  return {
    async ensureIndexes(): Promise<void> {
      // A project's providers (the list); one provider's settings are found by `_id`.
      await col.createIndex({ project_id: 1 }, { name: 'provider_credentials_project' });
    },

    async put(doc: ProviderCredentialDoc): Promise<void> {
      await col.replaceOne({ _id: doc._id }, doc, { upsert: true });
    },

    async find(projectId: number, name: string): Promise<ProviderCredentialDoc | null> {
      return col.findOne({ _id: credentialId(projectId, name) });
    },

    async listOf(projectId: number): Promise<ProviderCredentialDoc[]> {
      return col.find({ project_id: projectId }).toArray();
    },
  };
}

export type ProviderCredentialRepository = ReturnType<typeof createProviderCredentialRepository>;
