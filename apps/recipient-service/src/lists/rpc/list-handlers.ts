import type { ServiceImpl } from '@connectrpc/connect';
import type { RecipientService } from '@herald/contracts';
import type { ListUseCases } from '../usecases';
import { toFailureMessage as failure, toListMessage as list } from './list-mappers';

type ListMethods = 'createList' | 'getList' | 'listLists' | 'updateList' | 'deleteList' | 'subscribeToList' | 'unsubscribeFromList' | 'listSubscribers' | 'listRecipientLists' | 'listSelfServiceLists';

const num = (v: bigint): number => Number(v);

/** The list RPCs of RecipientService: each maps the request to a use case input and the result back. */
export const listHandlers = (uc: ListUseCases): Pick<ServiceImpl<typeof RecipientService>, ListMethods> => ({
  async createList(req) {
    const input = { projectId: num(req.projectId), key: req.key, name: req.name, description: req.description ?? null, selfService: req.selfService };
    return { list: list(await uc.createList(input)) };
  },
  async getList(req) {
    return { list: list(await uc.getList({ projectId: num(req.projectId), key: req.key })) };
  },
  async listLists(req) {
    const page = await uc.listLists({ projectId: num(req.projectId), limit: req.limit, cursor: req.cursor });
    return { lists: page.lists.map(list), nextCursor: page.nextCursor };
  },
  async updateList(req) {
    const changes = { name: req.name, description: req.setDescription ? (req.description ?? null) : undefined, selfService: req.selfService };
    return { list: list(await uc.updateList({ projectId: num(req.projectId), key: req.key, changes })) };
  },
  async deleteList(req) {
    await uc.deleteList({ projectId: num(req.projectId), key: req.key });
    return {};
  },
  async subscribeToList(req) {
    const input = { projectId: num(req.projectId), key: req.listKey, recipientIds: req.recipientIds, byRecipientToken: req.byRecipientToken };
    const r = await uc.subscribeToList(input);
    return { subscribed: r.subscribed, already: r.already, failed: r.failed.map(failure) };
  },
  async unsubscribeFromList(req) {
    const input = { projectId: num(req.projectId), key: req.listKey, recipientIds: req.recipientIds, byRecipientToken: req.byRecipientToken };
    const r = await uc.unsubscribeFromList(input);
    return { unsubscribed: r.unsubscribed, already: r.already, failed: r.failed.map(failure) };
  },
  async listSubscribers(req) {
    const page = await uc.listSubscribers({ projectId: num(req.projectId), key: req.listKey, afterRecipientId: req.afterRecipientId, limit: req.limit });
    return { recipientIds: page.recipientIds, recipientSeqs: page.recipientSeqs.map((seq) => BigInt(seq ?? 0)), next: page.next };
  },
  async listRecipientLists(req) {
    return { lists: (await uc.listRecipientLists({ projectId: num(req.projectId), recipientId: req.recipientId })).map(list) };
  },
  async listSelfServiceLists(req) {
    const page = await uc.listSelfServiceLists({ projectId: num(req.projectId), recipientId: req.recipientId, limit: req.limit, cursor: req.cursor });
    return { lists: page.lists.map((l) => ({ list: list(l.list), subscribed: l.subscribed })), nextCursor: page.nextCursor };
  },
});
