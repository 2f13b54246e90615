import type { Project } from '../../plugins/app/credentials/project-repository';
import { checkSettingsPatch, mergeSettings, type ProjectSettingsPatch } from '../../plugins/app/credentials/project-settings';
import { wholeSeconds, type AdminDeps } from '../../plugins/app/credentials/admin-deps';
import { getProject, projectNotFound } from './get-project';

/** Renames a project and/or merges settings into the stored ones; every replica forgets its cached copy before the answer. */
export async function updateProject(
  deps: Pick<AdminDeps, 'projects' | 'now' | 'projectChanged'>,
  id: number,
  input: { name?: string; settings?: ProjectSettingsPatch },
): Promise<Project> {
  const current = await getProject(deps, id);
  const settings = input.settings ? mergeSettings(current.settings, checkSettingsPatch(input.settings)) : undefined;
  // Announced even when the write failed: it may have been applied.
  const updated = await deps.projects.update(id, { name: input.name, settings, updatedAt: wholeSeconds(deps.now()) }).finally(() => deps.projectChanged(id));
  if (!updated) throw projectNotFound();
  return updated;
}
