import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(30_000);

describe('recipient service: ListRecipients and StreamRecipientIds', () => {
  let svc: TestRecipientService;
  let projectId: bigint;
  const ids = Array.from({ length: 125 }, (_, i) => `r-${String(125 - i).padStart(3, '0')}`); // creation order differs from id order

  beforeAll(async () => {
    svc = await startRecipientService('paging');
    projectId = svc.project();
    await svc.client.batchUpsertRecipients({ projectId, items: ids.slice(0, 100).map((id, i) => ({ id, batchIndex: i })) });
    for (const id of ids.slice(100)) await svc.client.createRecipient({ projectId, id });
    await svc.client.createRecipient({ projectId: svc.project(), id: 'other-project' });
  });
  afterAll(() => svc.close());

  const listAll = async (limit: number) => {
    const pages: string[][] = [];
    let cursor = '';
    do {
      const page = await svc.client.listRecipients({ projectId, limit, cursor });
      pages.push(page.recipients.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    return pages;
  };

  it('when listing with the default limit, then 50 come first in creation order', async () => {
    const page = await svc.client.listRecipients({ projectId });
    expect(page.recipients.map((r) => r.id)).toEqual(ids.slice(0, 50));
    expect(page.nextCursor).not.toBe('');
  });

  it('when following cursors, then every recipient appears once in creation order and the last page has no cursor', async () => {
    const pages = await listAll(40);
    expect(pages.map((p) => p.length)).toEqual([40, 40, 40, 5]);
    expect(pages.flat()).toEqual(ids);
  });

  it('when a recipient is deleted between pages, then paging continues after the cursor', async () => {
    const first = await svc.client.listRecipients({ projectId, limit: 10 });
    await svc.client.deleteRecipient({ projectId, id: ids[10] });
    const next = await svc.client.listRecipients({ projectId, limit: 2, cursor: first.nextCursor });
    expect(next.recipients.map((r) => r.id)).toEqual([ids[11], ids[12]]);
    await svc.client.createRecipient({ projectId, id: ids[10] }); // recreated: now the newest
    ids.push(...ids.splice(10, 1));
  });

  it('when the limit or cursor is out of range, then validation_failed names it', async () => {
    expect((await errorOf(svc.client.listRecipients({ projectId, limit: 1001 }))).violations[0].property_path).toBe('limit');
    expect((await errorOf(svc.client.listRecipients({ projectId, limit: -1 }))).violations[0].property_path).toBe('limit');
    expect((await errorOf(svc.client.listRecipients({ projectId, cursor: 'not-a-cursor' }))).violations[0].property_path).toBe('cursor');
    expect((await svc.client.listRecipients({ projectId, limit: 1000 })).recipients).toHaveLength(ids.length);
  });

  it('when streaming ids, then pages come in creation order, and resuming after a cursor continues there', async () => {
    const pages: { recipientIds: string[]; cursor: string }[] = [];
    for await (const page of svc.client.streamRecipientIds({ projectId, pageSize: 50 })) pages.push(page);
    expect(pages.map((p) => p.recipientIds.length)).toEqual([50, 50, 25]);
    expect(pages.flatMap((p) => p.recipientIds)).toEqual(ids);
    const resumed: string[] = [];
    for await (const page of svc.client.streamRecipientIds({ projectId, pageSize: 30, after: pages[0].cursor })) resumed.push(...page.recipientIds);
    expect(resumed).toEqual(ids.slice(50));
  });

  it('when streaming an empty project or with a bad page size, then it ends at once or is invalid', async () => {
    const empty: string[] = [];
    for await (const page of svc.client.streamRecipientIds({ projectId: svc.project() })) empty.push(...page.recipientIds);
    expect(empty).toEqual([]);
    const bad = async () => {
      for await (const _ of svc.client.streamRecipientIds({ projectId, pageSize: -5 })) void _;
    };
    expect(await errorOf(bad())).toMatchObject({ code: 'validation_failed' });
  });
});
