import { generateApiKey, hashApiKey, KEY_SCOPES, type KeyScope } from '../../plugins/app/auth/api-key';
import type { Project } from '../../plugins/app/credentials/project-repository';
import { checkSettingsPatch, DEFAULT_SETTINGS, mergeSettings, type ProjectSettingsPatch } from '../../plugins/app/credentials/project-settings';
import { wholeSeconds, type AdminDeps } from '../../plugins/app/credentials/admin-deps';

export interface IssuedKey {
  id: number;
  scope: KeyScope;
  /** The key itself: shown once, never stored. */
  key: string;
  createdAt: Date;
}

/** Creates a project with default settings (merged with any given) and one key of each scope. */
export async function createProject(
  deps: Pick<AdminDeps, 'projects' | 'keys' | 'sequences' | 'now'>,
  input: { name: string; settings?: ProjectSettingsPatch },
): Promise<{ project: Project; keys: IssuedKey[] }> {
  const now = wholeSeconds(deps.now());
  const id = await deps.sequences.next('projects');
  const firstKeyId = await deps.sequences.next('api_keys', KEY_SCOPES.length);
  const project: Project = { id, name: input.name, settings: mergeSettings(DEFAULT_SETTINGS, checkSettingsPatch(input.settings)), createdAt: now, updatedAt: now };
  const keys = KEY_SCOPES.map((scope, i) => ({ id: firstKeyId + i, scope, key: generateApiKey(scope), createdAt: now }));
  await deps.projects.insert(project);
  await deps.keys.insertMany(keys.map((k) => ({ id: k.id, projectId: id, scope: k.scope, hash: hashApiKey(k.key), createdAt: now })));
  return { project, keys };
}
