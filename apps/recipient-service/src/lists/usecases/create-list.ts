import { assertValid } from '../../domain/errors';
import { listExists, listLimitReached } from '../domain/list-errors';
import { checkListDescription, checkListKey, checkListName } from '../domain/list-rules';
import type { ListRecord } from '../store/list-repository';
import { finishListDeletion } from './delete-list';
import type { ListDeps } from './list-deps';

export interface CreateListInput {
  projectId: number;
  key: string;
  name: string;
  description: string | null;
  selfService: boolean;
}

/**
 * Creates a list; the unique index on (project, key) decides a race between two creates. A key
 * whose list is still being deleted is freed first. Past the project's list limit nothing is
 * written (two creates racing at the limit may both pass: the limit is a guard, not a quota).
 */
export function createCreateList(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'events' | 'sequences' | 'clock' | 'limits'>) {
  return async function createList(input: CreateListInput): Promise<ListRecord> {
    assertValid([checkListKey(input.key), checkListName(input.name), input.description === null ? null : checkListDescription(input.description)].filter((v) => v !== null));
    if ((await deps.lists.count(input.projectId)) >= deps.limits.listsPerProject) throw listLimitReached(deps.limits.listsPerProject);
    const existing = await deps.lists.find(input.projectId, input.key);
    if (existing?.state === 'active') throw listExists();
    if (existing) await finishListDeletion(deps, input.projectId, existing);
    const listId = await deps.sequences.next('list');
    const created = await deps.lists.insert(input.projectId, { ...input, listId }, deps.clock.date());
    if (!created) throw listExists();
    return created;
  };
}
