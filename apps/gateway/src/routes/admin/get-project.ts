import { notFound } from '@herald/service-kit';
import type { Project } from '../../plugins/app/credentials/project-repository';
import type { AdminDeps } from '../../plugins/app/credentials/admin-deps';

export const projectNotFound = () => notFound('project_not_found', 'Project not found');

export async function getProject(deps: Pick<AdminDeps, 'projects'>, id: number): Promise<Project> {
  const project = await deps.projects.findById(id);
  if (!project) throw projectNotFound();
  return project;
}
