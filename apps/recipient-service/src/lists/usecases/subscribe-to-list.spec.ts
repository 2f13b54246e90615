import { createFakeClock } from '@herald/service-kit';
import type { ListRepository } from '../store/list-repository';
import type { SubscriptionRepository } from '../store/subscription-repository';
import type { ListDeps } from './list-deps';
import { createSubscribeToList } from './subscribe-to-list';

/** The subscribe use case over in-memory ports: which recipients it ensures. */
function setup(existing: string[]) {
  const known = new Set(existing);
  const ensured: string[][] = [];
  const list = { listId: 7, key: 'watchers', name: 'W', description: null, selfService: false, subscriberCount: 0, state: 'active' as const, createdAt: new Date(0), updatedAt: new Date(0) };
  const deps = {
    lists: { findActive: async () => list, subscriptionTotal: async () => 0, setSubscriberCount: async () => undefined } as unknown as ListRepository,
    subscriptions: { insertMany: async (_p: number, _l: number, ids: string[]) => ids, count: async () => 0 } as unknown as SubscriptionRepository,
    limits: { listsPerProject: 10, subscriptionsPerProject: 10_000 },
    clock: createFakeClock(0),
    events: { subscriptionsChanged: async () => undefined },
    recipients: {
      countActive: async (_p: number, ids: string[]) => ids.filter((id) => known.has(id)).length,
      ensureRecipients: async (input: { ids: string[] }) => void ensured.push(input.ids),
      requireRecipient: async () => undefined,
    },
  } as unknown as ListDeps;
  const subscribe = createSubscribeToList(deps);
  return { ensured, subscribe: (ids: string[]) => subscribe({ projectId: 1, key: 'watchers', recipientIds: ids, byRecipientToken: false }) };
}

describe('subscribeToList', () => {
  it('when every id is a recipient already, then no recipient is ensured (one count, no reads)', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `r-${i}`);
    const t = setup(ids);
    expect((await t.subscribe(ids)).subscribed).toBe(1000);
    expect(t.ensured).toEqual([]);
  });

  it('when some ids are unknown, then every id is ensured, 500 per call', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `r-${i}`);
    const t = setup(ids.slice(1));
    expect((await t.subscribe(ids)).subscribed).toBe(1000);
    expect(t.ensured.map((c) => c.length)).toEqual([500, 500]);
    expect(t.ensured.flat()).toEqual(ids);
  });
});
