import { createFakeClock } from '@herald/service-kit';
import type { ListRepository } from '../store/list-repository';
import type { ProjectTotals, ProjectTotalsRepository } from '../store/project-totals-repository';
import type { SubscriptionRepository } from '../store/subscription-repository';
import { RECOUNT_AFTER_MS, reserveRoom } from './project-room';

/** reserveRoom over in-memory totals: `stored` (null: none yet) and the counts of the lists and subscriptions themselves. */
function setup(stored: ProjectTotals | null, counted: { lists: number; subscriptions: number }) {
  const clock = createFakeClock();
  let doc = stored;
  let recounts = 0;
  const totals = {
    reserve: async (_p: number, name: 'lists' | 'subscriptions', n: number, max: number) => {
      if (!doc || doc[name] + n > max) return false;
      doc = { ...doc, [name]: doc[name] + n };
      return true;
    },
    find: async () => doc,
    replaceCounted: async (_p: number, _previous: Date | null, t: { lists: number; subscriptions: number }, at: Date) => {
      recounts += 1;
      doc = { ...t, countedAt: at };
    },
  } as unknown as ProjectTotalsRepository;
  const deps = {
    totals,
    lists: { count: async () => counted.lists } as unknown as ListRepository,
    subscriptions: { countOfProject: async () => counted.subscriptions } as unknown as SubscriptionRepository,
    clock,
  };
  return { clock, reserve: (n: number) => reserveRoom(deps, 1, 'subscriptions', n, 100), totals: () => doc, recounts: () => recounts };
}

describe('reserveRoom', () => {
  const at = (ms: number) => new Date(createFakeClock().now() + ms);

  it.each([
    ['the stored totals have room', { lists: 1, subscriptions: 90 }, 10, true, 0, 100],
    ['they have none, counted just now (no recount)', { lists: 1, subscriptions: 95 }, 10, false, 0, 95],
  ])('when %s, then it answers from them', async (_case, stored, n, reserved, recounts, after) => {
    const t = setup({ ...stored, countedAt: at(0) }, { lists: 1, subscriptions: 0 });
    expect(await t.reserve(n)).toBe(reserved);
    expect([t.recounts(), t.totals()?.subscriptions]).toEqual([recounts, after]);
  });

  it('when the stored totals are full but were counted over a minute ago, then they are counted afresh before answering', async () => {
    const t = setup({ lists: 1, subscriptions: 95, countedAt: at(0) }, { lists: 1, subscriptions: 80 });
    t.clock.advance(RECOUNT_AFTER_MS);
    expect(await t.reserve(10)).toBe(true);
    expect([t.recounts(), t.totals()?.subscriptions]).toEqual([1, 90]);
  });

  it('when the project has no totals yet, then they are counted from its lists and subscriptions', async () => {
    const t = setup(null, { lists: 2, subscriptions: 95 });
    expect(await t.reserve(10)).toBe(false);
    expect(t.totals()).toMatchObject({ lists: 2, subscriptions: 95 });
    expect(await t.reserve(5)).toBe(true);
  });

  it('when nothing is asked for, then nothing is read', async () => {
    const t = setup(null, { lists: 0, subscriptions: 0 });
    expect(await t.reserve(0)).toBe(true);
    expect(t.recounts()).toBe(0);
  });
});
