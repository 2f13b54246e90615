import { notFound } from '@herald/service-kit';
import type { AdminDeps } from '../../plugins/app/credentials/admin-deps';
import { getProject } from './get-project';

/**
 * Revokes a key at once: it is deleted from the store first (so no replica can load it again),
 * then every replica is told to drop it from its cache.
 */
export async function revokeKey(deps: Pick<AdminDeps, 'projects' | 'keys' | 'announceKeyRevoked'>, projectId: number, keyId: number): Promise<void> {
  await getProject(deps, projectId);
  const deleted = await deps.keys.delete(projectId, keyId);
  if (!deleted) throw notFound('key_not_found', 'Key not found');
  await deps.announceKeyRevoked(deleted.hash, deleted.id);
}
