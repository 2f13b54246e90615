import type { ListRecord } from '../store/list-repository';
import type { ListDeps } from './list-deps';
import { requireList } from './require-list';

export function createGetList(deps: Pick<ListDeps, 'lists'>) {
  return async function getList(input: { projectId: number; key: string }): Promise<ListRecord> {
    return requireList(deps.lists, input.projectId, input.key);
  };
}
