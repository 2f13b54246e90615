import { notFound } from '@herald/service-kit';
import { createAudiencePages } from './audience-pages';
import type { ListAudience, RecipientDirectory, RecipientPresence } from '../kernel/ports';

/**
 * A list port over fixed subscribers, `next` being the last id of a page; unknown lists are
 * list_not_found. Each subscription keeps its incarnation (the id's first character code), except
 * those named in `unkept` (0n: subscribed before incarnations were kept).
 */
function stubLists(lists: Record<string, string[]>, unkept: string[] = []): ListAudience {
  return {
    page: async (_projectId, list, after, limit) => {
      const subs = lists[list];
      if (!subs) throw notFound('list_not_found', 'List not found');
      const page = subs.filter((id) => id > after).slice(0, limit);
      const last = page.at(-1);
      const recipientSeqs = page.map((id) => (unkept.includes(id) ? 0n : BigInt(id.charCodeAt(0))));
      return { recipientIds: page, recipientSeqs, next: last !== undefined && last !== subs.at(-1) ? last : '' };
    },
  };
}

const ensured: string[] = [];
const presence: RecipientPresence = { ensure: async (_p, id) => (ensured.push(id), id.charCodeAt(0)), require: async () => 1 };
const everyone: Pick<RecipientDirectory, 'listRecipientIds'> = {
  listRecipientIds: async () => ({ recipientIds: ['a', 'b', 'c'], recipientSeqs: [1n, 2n, 3n], nextAfter: 'c', upperBound: 'c', done: true, remainingAtMost: 0n }),
};

describe('audience pages', () => {
  const pages = createAudiencePages({ recipients: everyone as RecipientDirectory, presence, lists: stubLists({ watchers: ['a', 'b', 'c', 'd', 'e'] }) }, { timeoutMs: 1000 });
  const req = { projectId: 1n, after: '', upperBound: '', pageSize: 2 };

  /** Every page of an audience, following the cursor as the fan-out does. */
  async function all(audience: Parameters<typeof pages>[0]) {
    const out: string[][] = [];
    let after = '';
    for (;;) {
      const p = await pages(audience, { ...req, after });
      out.push(p.recipientIds);
      expect(p.recipientSeqs).toEqual(p.recipientIds.map((id) => BigInt(id.charCodeAt(0))));
      if (p.done) return out;
      after = p.nextAfter;
    }
  }

  it('when the audience is explicit ids, then they are paged in order with their incarnations and what is left', async () => {
    expect(await all({ recipient_ids: ['a', 'b', 'c'], exclude_recipient_ids: [] })).toEqual([['a', 'b'], ['c']]);
    expect((await pages({ recipient_ids: ['a', 'b', 'c'], exclude_recipient_ids: [] }, req)).remainingAtMost).toBe(1n);
  });

  it('when the audience is a list, then its subscribers are paged with the excluded ones left out', async () => {
    expect(await all({ list: 'watchers', exclude_recipient_ids: ['b', 'e'] })).toEqual([['a'], ['c', 'd'], []]);
  });

  it('when the subscriptions keep their incarnations, then only those subscribed before it was kept are looked up', async () => {
    ensured.length = 0;
    const kept = createAudiencePages({ recipients: everyone as RecipientDirectory, presence, lists: stubLists({ watchers: ['a', 'b', 'c'] }, ['b']) }, { timeoutMs: 1000 });
    const p = await kept({ list: 'watchers', exclude_recipient_ids: [] }, { ...req, pageSize: 3 });
    expect(p).toMatchObject({ recipientIds: ['a', 'b', 'c'], recipientSeqs: [97n, 98n, 99n] });
    expect(ensured).toEqual(['b']);
  });

  it('when the list is gone while its send fans out, then the send ends where it is', async () => {
    const p = await pages({ list: 'unknown', exclude_recipient_ids: [] }, { ...req, after: 'c' });
    expect(p).toMatchObject({ recipientIds: [], done: true });
  });

  it('when the audience is every recipient with exclusions, then the excluded ones are left out of the page', async () => {
    const p = await pages({ exclude_recipient_ids: ['b'] }, req);
    expect(p).toMatchObject({ recipientIds: ['a', 'c'], recipientSeqs: [1n, 3n] });
  });

  it('when a list is asked for, then the stub port answers list_not_found for a list it does not have', async () => {
    await expect(stubLists({}).page(1n, 'nope', '', 1)).rejects.toMatchObject({ code: 'list_not_found' });
  });
});
