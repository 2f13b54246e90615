import { errorOf } from '@herald/testing';
import { startRecipientService, type TestRecipientService } from './testing/start-recipient-service';

jest.setTimeout(60_000);

describe('recipient service: ListRecipientIds (broadcast fan-out pages)', () => {
  let svc: TestRecipientService;
  beforeAll(async () => {
    svc = await startRecipientService('idpages');
  });
  afterAll(() => svc.close());

  const pageAll = async (projectId: bigint, pageSize: number, upperBound = '') => {
    const pages: { ids: string[]; seqs: bigint[] }[] = [];
    let after = '';
    let calls = 0;
    for (;;) {
      const p = await svc.client.listRecipientIds({ projectId, after, upperBound, pageSize });
      calls += 1;
      upperBound = p.upperBound;
      pages.push({ ids: p.recipientIds, seqs: p.recipientSeqs });
      if (p.done) break;
      after = p.nextAfter;
    }
    return { pages, upperBound, calls };
  };

  it('when a project is interleaved with others and has a deleted recipient, then pages list its active ids once each in creation order with their incarnations', async () => {
    const projectId = svc.project();
    const other = svc.project();
    const mine: string[] = [];
    for (let b = 0; b < 5; b++) {
      const batch = Array.from({ length: 60 }, (_, i) => `p${b}-${i}`);
      mine.push(...batch);
      await svc.client.batchUpsertRecipients({ projectId, items: batch.map((id, i) => ({ id, batchIndex: i })) });
      await svc.client.batchUpsertRecipients({ projectId: other, items: Array.from({ length: 40 }, (_, i) => ({ id: `o${b}-${i}`, batchIndex: i })) });
    }
    await svc.client.deleteRecipient({ projectId, id: 'p2-7' });
    const { pages } = await pageAll(projectId, 50);
    const ids = pages.flatMap((p) => p.ids);
    expect(ids).toEqual(mine.filter((id) => id !== 'p2-7'));
    const seqs = pages.flatMap((p) => p.seqs);
    expect(seqs.every((s, i) => i === 0 || s > seqs[i - 1])).toBe(true);
    expect(pages.every((p) => p.ids.length <= 50 && p.ids.length === p.seqs.length)).toBe(true);
  });

  it('when recipients are created after the bound was snapshotted, then paging with that bound never lists them', async () => {
    const projectId = svc.project();
    await svc.client.batchUpsertRecipients({ projectId, items: Array.from({ length: 30 }, (_, i) => ({ id: `a${i}`, batchIndex: i })) });
    // The first call snapshots the bound (it may list none yet: other projects' recipients come first).
    const first = await svc.client.listRecipientIds({ projectId, pageSize: 10 });
    await svc.client.batchUpsertRecipients({ projectId, items: Array.from({ length: 20 }, (_, i) => ({ id: `late${i}`, batchIndex: i })) });
    const listed = [...first.recipientIds];
    let p = first;
    while (!p.done) {
      p = await svc.client.listRecipientIds({ projectId, after: p.nextAfter, upperBound: first.upperBound, pageSize: 10 });
      expect(p.upperBound).toBe(first.upperBound);
      expect(p.recipientIds.length).toBeLessThanOrEqual(10);
      listed.push(...p.recipientIds);
    }
    expect(listed).toEqual(Array.from({ length: 30 }, (_, i) => `a${i}`));
    // A new snapshot includes them.
    expect((await pageAll(projectId, 100)).pages.flatMap((x) => x.ids)).toHaveLength(50);
  });

  it('when a project is empty, then paging ends with no ids; a bad page size or bound is invalid', async () => {
    const empty = await pageAll(svc.project(), 1000);
    expect(empty.pages.flatMap((p) => p.ids)).toEqual([]);
    const projectId = svc.project();
    expect((await errorOf(svc.client.listRecipientIds({ projectId, pageSize: 1001 }))).violations[0].property_path).toBe('page_size');
    expect((await errorOf(svc.client.listRecipientIds({ projectId, upperBound: 'nope' }))).violations[0].property_path).toBe('upper_bound');
  });
});
