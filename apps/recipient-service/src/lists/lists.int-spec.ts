import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from '../testing/start-recipient-service';

jest.setTimeout(60_000);

describe('recipient service: lists and subscriptions', () => {
  let svc: TestRecipientService;
  beforeAll(async () => {
    svc = await startRecipientService('lists', { LIST_MAX_PER_PROJECT: '3', LIST_SUBSCRIPTIONS_MAX_PER_PROJECT: '1500' });
  });
  afterAll(() => svc.close());

  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
  const listOf = async (projectId: bigint, key: string) => (await svc.client.getList({ projectId, key })).list!;

  it('when a list is created twice with one key, then the second is list_exists; a bad key is invalid', async () => {
    const projectId = svc.project();
    const { list } = await svc.client.createList({ projectId, key: 'issue:42', name: 'Watchers', selfService: true });
    expect(list).toMatchObject({ key: 'issue:42', name: 'Watchers', selfService: true, subscriberCount: 0n });
    expect(await errorOf(svc.client.createList({ projectId, key: 'issue:42', name: 'Again' }))).toMatchObject({ code: 'list_exists' });
    expect(await errorOf(svc.client.createList({ projectId, key: 'has space', name: 'x' }))).toMatchObject({ code: 'validation_failed' });
  });

  it('when a project holds its most lists, then a create is list_limit_reached and writes nothing', async () => {
    const projectId = svc.project();
    for (const key of ['a', 'b', 'c']) await svc.client.createList({ projectId, key, name: key });
    expect(await errorOf(svc.client.createList({ projectId, key: 'd', name: 'd' }))).toMatchObject({ code: 'list_limit_reached' });
    expect((await svc.client.listLists({ projectId, limit: 10 })).lists.map((l) => l.key)).toEqual(['a', 'b', 'c']);
  });

  it('when 1,000 ids are subscribed twice, then the second counts every one as already and the count stays', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'team', name: 'Team' });
    const all = ids('u', 1000);
    expect(await svc.client.subscribeToList({ projectId, listKey: 'team', recipientIds: all })).toMatchObject({ subscribed: 1000, already: 0, failed: [] });
    expect(await svc.client.subscribeToList({ projectId, listKey: 'team', recipientIds: all })).toMatchObject({ subscribed: 0, already: 1000 });
    expect((await listOf(projectId, 'team')).subscriberCount).toBe(1000n);
    // Unknown recipients were created, as a direct send creates them.
    expect((await svc.client.getRecipient({ projectId, id: 'u0999' })).recipient?.id).toBe('u0999');
  });

  it('when ids repeat or break the rules, then repeats count once and bad ids come back as failures', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l', name: 'L' });
    const res = await svc.client.subscribeToList({ projectId, listKey: 'l', recipientIds: ['a', 'a', '', 'b'] });
    expect(res).toMatchObject({ subscribed: 2, already: 0 });
    expect(res.failed.map((f) => [f.id, f.batchIndex])).toEqual([['', 2]]);
    expect(await errorOf(svc.client.subscribeToList({ projectId, listKey: 'l', recipientIds: ids('x', 1001) }))).toMatchObject({ code: 'validation_failed' });
    expect(await errorOf(svc.client.subscribeToList({ projectId, listKey: 'nope', recipientIds: ['a'] }))).toMatchObject({ code: 'list_not_found' });
    expect(await errorOf(svc.client.subscribeToList({ projectId: svc.project(), listKey: 'l', recipientIds: ['a'] }))).toMatchObject({ code: 'list_not_found' });
  });

  it('when a subscribe would pass the project subscription limit, then it is refused and nothing is written', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l1', name: 'L1' });
    await svc.client.createList({ projectId, key: 'l2', name: 'L2' });
    await svc.client.subscribeToList({ projectId, listKey: 'l1', recipientIds: ids('a', 1000) });
    expect(await errorOf(svc.client.subscribeToList({ projectId, listKey: 'l2', recipientIds: ids('b', 501) }))).toMatchObject({ code: 'subscription_limit_reached' });
    expect((await svc.client.listSubscribers({ projectId, listKey: 'l2' })).recipientIds).toEqual([]);
    expect(await errorOf(svc.client.getRecipient({ projectId, id: 'b0000' }))).toMatchObject({ code: 'recipient_not_found' });
  });

  it('when subscribers are paged, then every id comes once in recipient id order', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'p', name: 'P' });
    const all = ids('r', 25).reverse();
    await svc.client.subscribeToList({ projectId, listKey: 'p', recipientIds: all });
    const seen: string[] = [];
    let after = '';
    do {
      const page = await svc.client.listSubscribers({ projectId, listKey: 'p', afterRecipientId: after, limit: 10 });
      seen.push(...page.recipientIds);
      after = page.next;
    } while (after !== '');
    expect(seen).toEqual([...all].sort());
  });

  it('when known and new recipients are subscribed, then the subscribers page carries each one\'s incarnation', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'seqs', name: 'Seqs' });
    await svc.client.createRecipient({ projectId, id: 'known' });
    await svc.client.subscribeToList({ projectId, listKey: 'seqs', recipientIds: ['known'] });
    await svc.client.subscribeToList({ projectId, listKey: 'seqs', recipientIds: ['known', 'fresh'] });
    const page = await svc.client.listSubscribers({ projectId, listKey: 'seqs' });
    const seqOf = async (id: string) => (await svc.client.getRecipient({ projectId, id })).recipient!.seq;
    expect(page.recipientIds).toEqual(['fresh', 'known']);
    expect(page.recipientSeqs).toEqual([await seqOf('fresh'), await seqOf('known')]);
    expect(page.recipientSeqs.every((seq) => seq > 0n)).toBe(true);
  });

  it('when a recipient token changes a list not marked self_service, then it is refused', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'closed', name: 'Closed' });
    await svc.client.createList({ projectId, key: 'open', name: 'Open', selfService: true });
    const byToken = { projectId, recipientIds: ['me'], byRecipientToken: true };
    expect(await errorOf(svc.client.subscribeToList({ ...byToken, listKey: 'closed' }))).toMatchObject({ code: 'list_not_self_service' });
    expect(await svc.client.subscribeToList({ ...byToken, listKey: 'open' })).toMatchObject({ subscribed: 1 });
    expect((await svc.client.listRecipientLists({ projectId, recipientId: 'me' })).lists.map((l) => l.key)).toEqual(['open']);
    expect(await svc.client.unsubscribeFromList({ ...byToken, listKey: 'open' })).toMatchObject({ unsubscribed: 1, already: 0 });
    expect(await svc.client.unsubscribeFromList({ ...byToken, listKey: 'open' })).toMatchObject({ unsubscribed: 0, already: 1 });
    expect((await listOf(projectId, 'open')).subscriberCount).toBe(0n);
  });

  it('when a recipient pages the self-service lists, then each says whether they are on it and closed lists are left out', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'a-closed', name: 'Closed' });
    await svc.client.createList({ projectId, key: 'b-open', name: 'Open', selfService: true });
    await svc.client.createList({ projectId, key: 'c-joined', name: 'Joined', selfService: true });
    await svc.client.subscribeToList({ projectId, listKey: 'c-joined', recipientIds: ['me'] });
    const first = await svc.client.listSelfServiceLists({ projectId, recipientId: 'me', limit: 1 });
    expect(first.lists.map((l) => [l.list?.key, l.subscribed])).toEqual([['b-open', false]]);
    const second = await svc.client.listSelfServiceLists({ projectId, recipientId: 'me', limit: 1, cursor: first.nextCursor });
    expect(second.lists.map((l) => [l.list?.key, l.subscribed])).toEqual([['c-joined', true]]);
    expect(second.nextCursor).toBe('');
    expect(await errorOf(svc.client.listSelfServiceLists({ projectId, recipientId: 'nobody' }))).toMatchObject({ code: 'recipient_not_found' });
    expect(await errorOf(svc.client.listSelfServiceLists({ projectId, recipientId: 'me', cursor: 'junk' }))).toMatchObject({ code: 'validation_failed' });
  });

  it('when a recipient is erased, then their subscriptions go and their lists answer recipient_not_found', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l', name: 'L' });
    await svc.client.subscribeToList({ projectId, listKey: 'l', recipientIds: ['gone', 'stays'] });
    await svc.client.deleteRecipient({ projectId, id: 'gone' });
    expect(await errorOf(svc.client.listRecipientLists({ projectId, recipientId: 'gone' }))).toMatchObject({ code: 'recipient_not_found' });
    expect((await svc.client.listSubscribers({ projectId, listKey: 'l' })).recipientIds).toEqual(['stays']);
    expect((await listOf(projectId, 'l')).subscriberCount).toBe(1n);
  });

  it('when a list is deleted and created again, then the new list starts empty', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l', name: 'L' });
    await svc.client.subscribeToList({ projectId, listKey: 'l', recipientIds: ids('s', 1200).slice(0, 1000) });
    await svc.client.deleteList({ projectId, key: 'l' });
    expect(await errorOf(svc.client.getList({ projectId, key: 'l' }))).toMatchObject({ code: 'list_not_found' });
    expect(await errorOf(svc.client.deleteList({ projectId, key: 'l' }))).toMatchObject({ code: 'list_not_found' });
    await svc.client.createList({ projectId, key: 'l', name: 'Again' });
    expect((await svc.client.listSubscribers({ projectId, listKey: 'l' })).recipientIds).toEqual([]);
    expect((await svc.client.listRecipientLists({ projectId, recipientId: 's0000' })).lists).toEqual([]);
  });

  it('when a list is updated, then name, description and self_service change and the key stays', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l', name: 'L', description: 'old' });
    const { list } = await svc.client.updateList({ projectId, key: 'l', name: 'New', setDescription: true, selfService: true });
    expect(list).toMatchObject({ key: 'l', name: 'New', selfService: true });
    expect(list?.description).toBeUndefined();
    expect(await errorOf(svc.client.updateList({ projectId, key: 'l', name: '' }))).toMatchObject({ code: 'validation_failed' });
    expect(await errorOf(svc.client.updateList({ projectId, key: 'zz', name: 'x' }))).toMatchObject({ code: 'list_not_found' });
  });
});
