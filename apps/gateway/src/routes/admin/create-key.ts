import { generateApiKey, hashApiKey, type KeyScope } from '../../plugins/app/auth/api-key';
import type { IssuedKey } from './create-project';
import { wholeSeconds, type AdminDeps } from '../../plugins/app/credentials/admin-deps';
import { getProject } from './get-project';

export async function createKey(deps: Pick<AdminDeps, 'projects' | 'keys' | 'sequences' | 'now'>, projectId: number, scope: KeyScope): Promise<IssuedKey> {
  await getProject(deps, projectId);
  const now = wholeSeconds(deps.now());
  const id = await deps.sequences.next('api_keys');
  const key = generateApiKey(scope);
  await deps.keys.insertMany([{ id, projectId, scope, hash: hashApiKey(key), createdAt: now }]);
  return { id, scope, key, createdAt: now };
}
