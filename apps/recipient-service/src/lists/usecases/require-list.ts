import { listNotFound } from '../domain/list-errors';
import type { ListRecord, ListRepository } from '../store/list-repository';

/** The active list of this key; unknown (or being deleted, or another project's): list_not_found. */
export async function requireList(lists: ListRepository, projectId: number, key: string): Promise<ListRecord> {
  const list = await lists.findActive(projectId, key);
  if (!list) throw listNotFound();
  return list;
}
