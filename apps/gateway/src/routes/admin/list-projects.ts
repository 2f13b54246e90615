import type { Project } from '../../plugins/app/credentials/project-repository';
import type { AdminDeps } from '../../plugins/app/credentials/admin-deps';

/** One page of projects, oldest first; the cursor is the last id of the previous page. */
export async function listProjects(deps: Pick<AdminDeps, 'projects'>, query: { limit: number; afterId: number }): Promise<{ projects: Project[]; nextCursor: string | null }> {
  // One extra row tells whether another page exists without a second query.
  const rows = await deps.projects.listAfter(query.afterId, query.limit + 1);
  const projects = rows.slice(0, query.limit);
  return { projects, nextCursor: rows.length > query.limit ? String(projects[projects.length - 1].id) : null };
}
