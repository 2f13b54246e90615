import type { Project } from '../projects/project-repository';
import { checkSettingsPatch, mergeSettings, type ProjectSettingsPatch } from '../projects/settings';
import { wholeSeconds, type AdminDeps } from './deps';
import { getProject, projectNotFound } from './get-project';

/** Renames a project and/or merges settings into the stored ones. */
export async function updateProject(
  deps: Pick<AdminDeps, 'projects' | 'now' | 'projectChanged'>,
  id: number,
  input: { name?: string; settings?: ProjectSettingsPatch },
): Promise<Project> {
  const current = await getProject(deps, id);
  const updated = await deps.projects.update(id, {
    name: input.name,
    settings: input.settings ? mergeSettings(current.settings, checkSettingsPatch(input.settings)) : undefined,
    updatedAt: wholeSeconds(deps.now()),
  });
  if (!updated) throw projectNotFound();
  deps.projectChanged(id);
  return updated;
}
