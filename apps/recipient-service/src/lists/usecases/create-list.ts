import { assertValid } from '../../domain/errors';
import { listExists, listLimitReached } from '../domain/list-errors';
import { checkListDescription, checkListKey, checkListName } from '../domain/list-rules';
import type { ListRecord } from '../store/list-repository';
import { finishListDeletion } from './delete-list';
import { reserveRoom } from './project-room';
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
 * written: the project's total takes room for the list first (two creates racing for the last room
 * cannot both have it) and gets it back when nothing was created.
 */
export function createCreateList(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'totals' | 'events' | 'sequences' | 'clock' | 'limits'>) {
  return async function createList(input: CreateListInput): Promise<ListRecord> {
    assertValid([checkListKey(input.key), checkListName(input.name), input.description === null ? null : checkListDescription(input.description)].filter((v) => v !== null));
    const max = deps.limits.listsPerProject;
    if (!(await reserveRoom(deps, input.projectId, 'lists', 1, max))) throw listLimitReached(max);
    const giveBack = () => deps.totals.add(input.projectId, 'lists', -1);
    const listId = await freeKey(deps, input).catch(async (err: unknown) => {
      await giveBack();
      throw err;
    });
    // An insert that fails keeps its room (it may be written): the total runs high, never low.
    const created = await deps.lists.insert(input.projectId, { ...input, listId }, deps.clock.date());
    if (created) return created;
    await giveBack();
    throw listExists();
  };
}

/** A new list id once the key is free: taken by an active list is list_exists; a list still being deleted is removed first. */
async function freeKey(deps: Pick<ListDeps, 'lists' | 'subscriptions' | 'totals' | 'events' | 'sequences' | 'clock'>, input: CreateListInput): Promise<number> {
  const existing = await deps.lists.find(input.projectId, input.key);
  if (existing?.state === 'active') throw listExists();
  if (existing) await finishListDeletion(deps, input.projectId, existing);
  return deps.sequences.next('list');
}
