import { createFakeClock } from '@herald/service-kit';
import type { ListRepository } from '../store/list-repository';
import type { ProjectTotalsRepository } from '../store/project-totals-repository';
import type { SubscriptionRepository } from '../store/subscription-repository';
import type { ListDeps } from './list-deps';
import { createSubscribeToList } from './subscribe-to-list';

/** The subscribe use case over in-memory ports: which recipients it ensures. */
function setup(existing: string[]) {
  const known = new Set(existing);
  const inserted: { recipientId: string; seq: number }[] = [];
  const ensured: string[][] = [];
  const seqOf = (id: string) => Number(id.slice(2));
  const list = { listId: 7, key: 'watchers', name: 'W', description: null, selfService: false, subscriberCount: 0, state: 'active' as const, createdAt: new Date(0), updatedAt: new Date(0) };
  const deps = {
    lists: { findActive: async () => list, setSubscriberCount: async () => undefined } as unknown as ListRepository,
    totals: { reserve: async () => true, add: async () => undefined } as unknown as ProjectTotalsRepository,
    subscriptions: {
      insertMany: async (_p: number, _l: number, subs: { recipientId: string; seq: number }[]) => (inserted.push(...subs), subs.map((s) => s.recipientId)),
      count: async () => 0,
      subscribedAmong: async () => new Set<string>(),
    } as unknown as SubscriptionRepository,
    limits: { listsPerProject: 10, subscriptionsPerProject: 10_000 },
    clock: createFakeClock(0),
    events: { subscriptionsChanged: async () => undefined },
    recipients: {
      activeSeqs: async (_p: number, ids: string[]) => new Map(ids.filter((id) => known.has(id)).map((id) => [id, seqOf(id)])),
      ensureRecipients: async (input: { ids: string[] }) => (ensured.push(input.ids), { seqs: input.ids.map(seqOf) }),
      requireRecipient: async () => undefined,
    },
  } as unknown as ListDeps;
  const subscribe = createSubscribeToList(deps);
  return { ensured, inserted, subscribe: (ids: string[]) => subscribe({ projectId: 1, key: 'watchers', recipientIds: ids, byRecipientToken: false }) };
}

describe('subscribeToList', () => {
  it('when every id is a recipient already, then no recipient is ensured (one read of their sequences)', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `r-${i}`);
    const t = setup(ids);
    expect((await t.subscribe(ids)).subscribed).toBe(1000);
    expect(t.ensured).toEqual([]);
  });

  it('when recipients are subscribed, then each subscription keeps the incarnation, known or just created', async () => {
    const ids = ['r-3', 'r-7', 'r-9'];
    const t = setup(['r-3']);
    await t.subscribe(ids);
    expect(t.inserted).toEqual([{ recipientId: 'r-3', seq: 3 }, { recipientId: 'r-7', seq: 7 }, { recipientId: 'r-9', seq: 9 }]);
    const known = setup(ids);
    await known.subscribe(ids);
    expect(known.inserted).toEqual(t.inserted);
  });

  it('when some ids are unknown, then every id is ensured, 500 per call', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `r-${i}`);
    const t = setup(ids.slice(1));
    expect((await t.subscribe(ids)).subscribed).toBe(1000);
    expect(t.ensured.map((c) => c.length)).toEqual([500, 500]);
    expect(t.ensured.flat()).toEqual(ids);
  });
});
