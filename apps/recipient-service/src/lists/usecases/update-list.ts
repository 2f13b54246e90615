import { assertValid } from '../../domain/errors';
import { listNotFound } from '../domain/list-errors';
import { checkListDescription, checkListName } from '../domain/list-rules';
import type { ListChanges, ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';

/** Changes a list's name, description or self_service flag; the key cannot change. */
export function createUpdateList(deps: Pick<ListDeps, 'lists' | 'clock'>) {
  return async function updateList(input: { projectId: number; key: string; changes: ListChanges }): Promise<ListRecord> {
    const { name, description } = input.changes;
    assertValid([
      name === undefined ? null : checkListName(name),
      description === undefined || description === null ? null : checkListDescription(description),
    ].filter((v) => v !== null));
    const updated = await deps.lists.update(input.projectId, input.key, input.changes, deps.clock.date());
    if (!updated) throw listNotFound();
    return updated;
  };
}
