import { MongoClient } from 'mongodb';
import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from '../testing/start-recipient-service';

jest.setTimeout(120_000);

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);

describe('recipient service: a project\'s list and subscription limits', () => {
  let svc: TestRecipientService;
  let mongo: MongoClient;
  beforeAll(async () => {
    svc = await startRecipientService('list_limits', { LIST_MAX_PER_PROJECT: '3', LIST_SUBSCRIPTIONS_MAX_PER_PROJECT: '1500' });
    mongo = await MongoClient.connect(process.env.MONGO_URL!);
  });
  afterAll(async () => {
    await mongo.close();
    await svc.close();
  });

  const subscribe = (projectId: bigint, listKey: string, recipientIds: string[]) => svc.client.subscribeToList({ projectId, listKey, recipientIds });
  const subscribers = async (projectId: bigint, listKey: string) => (await svc.client.listSubscribers({ projectId, listKey, limit: 1000 })).recipientIds;
  const totals = () => mongo.db(svc.dbName).collection<{ _id: number }>('list_project_totals');

  it('when concurrent subscribes ask for more than the room left, then only those that fit are written', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l', name: 'L' });
    // Each outcome: `subscribed`, or the error's code.
    const outcomeOf = (call: Promise<unknown>) => call.then(() => 'subscribed', async (err: unknown) => (await errorOf(Promise.reject(err))).code);
    const outcomes = await Promise.all(['a', 'b', 'c', 'd'].map((prefix) => outcomeOf(subscribe(projectId, 'l', ids(prefix, 500)))));
    expect(outcomes.sort()).toEqual(['subscribed', 'subscribed', 'subscribed', 'subscription_limit_reached']);
    const first = await svc.client.listSubscribers({ projectId, listKey: 'l', limit: 1000 });
    const second = await svc.client.listSubscribers({ projectId, listKey: 'l', afterRecipientId: first.next, limit: 1000 });
    expect(first.recipientIds.length + second.recipientIds.length).toBe(1500);
  });

  it('when a call is retried, then it counts once and the room it did not use stays free', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l', name: 'L' });
    await subscribe(projectId, 'l', ids('a', 1000));
    expect(await subscribe(projectId, 'l', ids('a', 1000))).toMatchObject({ subscribed: 0, already: 1000 });
    expect(await subscribe(projectId, 'l', [...ids('a', 1000).slice(0, 500), ...ids('b', 500)])).toMatchObject({ subscribed: 500, already: 500 });
    expect(await errorOf(subscribe(projectId, 'l', ['one-more']))).toMatchObject({ code: 'subscription_limit_reached' });
    expect(await errorOf(svc.client.getRecipient({ projectId, id: 'one-more' }))).toMatchObject({ code: 'recipient_not_found' });
  });

  it('when subscriptions are removed (unsubscribe, erasure, a list deleted), then their room is free again', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l1', name: 'L1' });
    await svc.client.createList({ projectId, key: 'l2', name: 'L2' });
    await subscribe(projectId, 'l1', ids('a', 1000));
    await subscribe(projectId, 'l2', ids('b', 500));
    expect(await errorOf(subscribe(projectId, 'l2', ['c']))).toMatchObject({ code: 'subscription_limit_reached' });
    await svc.client.unsubscribeFromList({ projectId, listKey: 'l2', recipientIds: ['b0000', 'b0001'] });
    await svc.client.deleteRecipient({ projectId, id: 'a0000' });
    expect(await subscribe(projectId, 'l2', ['c1', 'c2', 'c3'])).toMatchObject({ subscribed: 3 });
    expect(await errorOf(subscribe(projectId, 'l2', ['c4']))).toMatchObject({ code: 'subscription_limit_reached' });
    await svc.client.deleteList({ projectId, key: 'l1' });
    await svc.client.createList({ projectId, key: 'l3', name: 'L3' });
    expect(await subscribe(projectId, 'l3', ids('d', 999))).toMatchObject({ subscribed: 999 });
    expect(await errorOf(subscribe(projectId, 'l3', ['e']))).toMatchObject({ code: 'subscription_limit_reached' });
  });

  it('when a list is deleted at the list limit, then another can be created in its place', async () => {
    const projectId = svc.project();
    for (const key of ['a', 'b', 'c']) await svc.client.createList({ projectId, key, name: key });
    expect(await errorOf(svc.client.createList({ projectId, key: 'd', name: 'd' }))).toMatchObject({ code: 'list_limit_reached' });
    expect(await errorOf(svc.client.createList({ projectId, key: 'a', name: 'again' }))).toMatchObject({ code: 'list_limit_reached' });
    await svc.client.deleteList({ projectId, key: 'b' });
    expect((await svc.client.createList({ projectId, key: 'd', name: 'd' })).list?.key).toBe('d');
    expect(await errorOf(svc.client.createList({ projectId, key: 'e', name: 'e' }))).toMatchObject({ code: 'list_limit_reached' });
  });

  it('when a project has no stored totals (data from before them), then they are counted from its lists and subscriptions', async () => {
    const projectId = svc.project();
    await svc.client.createList({ projectId, key: 'l1', name: 'L1' });
    await svc.client.createList({ projectId, key: 'l2', name: 'L2' });
    await subscribe(projectId, 'l1', ids('a', 1000));
    await totals().deleteOne({ _id: Number(projectId) });
    expect(await errorOf(subscribe(projectId, 'l2', ids('b', 501)))).toMatchObject({ code: 'subscription_limit_reached' });
    expect(await subscribers(projectId, 'l2')).toEqual([]);
    await totals().deleteOne({ _id: Number(projectId) });
    expect(await subscribe(projectId, 'l2', ids('b', 500))).toMatchObject({ subscribed: 500 });
    await totals().deleteOne({ _id: Number(projectId) });
    await svc.client.createList({ projectId, key: 'l3', name: 'L3' });
    expect(await errorOf(svc.client.createList({ projectId, key: 'l4', name: 'L4' }))).toMatchObject({ code: 'list_limit_reached' });
  });
});
