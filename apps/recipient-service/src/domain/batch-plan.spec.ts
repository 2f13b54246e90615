import { batchOutcome, batchSizeViolation, planBatch, type BatchItemInput } from './batch-plan';

const item = (id: string, batchIndex: number, name?: string | null): BatchItemInput => ({
  id,
  batchIndex,
  setName: name !== undefined,
  name: name ?? null,
});

describe('planBatch', () => {
  it.each([
    ['distinct ids', [item('a', 0, 'A'), item('b', 1)], [{ id: 'a', setName: true, name: 'A' }, { id: 'b', setName: false, name: null }], ['a', 'b']],
    ['a repeated id, the later name wins', [item('a', 0, 'A'), item('a', 1, 'B')], [{ id: 'a', setName: true, name: 'B' }], ['a', 'a']],
    ['a repeat without a name keeps the earlier one', [item('a', 0, 'A'), item('a', 1)], [{ id: 'a', setName: true, name: 'A' }], ['a', 'a']],
    ['a repeat that clears the name', [item('a', 0, 'A'), item('a', 1, null)], [{ id: 'a', setName: true, name: null }], ['a', 'a']],
    ['an invalid item among valid ones', [item('a', 0), item('', 1), item('c', 2)], [{ id: 'a', setName: false, name: null }, { id: 'c', setName: false, name: null }], ['a', 'c']],
  ])('when the batch has %s, then entries and order fold it', (_case, items, entries, order) => {
    const plan = planBatch(items);
    expect(plan.entries).toEqual(entries);
    expect(plan.order).toEqual(order);
  });

  it('when items are invalid, then each fails with its own batch_index and per-property errors', () => {
    const plan = planBatch([item(' x', 4), item('ok', 5, 'n'.repeat(257)), item('', 9, 'n'.repeat(300))]);
    expect(plan.failed.map((f) => [f.id, f.batchIndex, f.errors.map((e) => e.property_path)])).toEqual([
      [' x', 4, ['id']],
      ['ok', 5, ['name']],
      ['', 9, ['id', 'name']],
    ]);
  });
});

describe('batchOutcome', () => {
  it.each([
    ['all new', ['a', 'b'], ['a', 'b'], ['a', 'b'], []],
    ['all existing', ['a', 'b'], [], [], ['a', 'b']],
    ['a repeated new id: created once, then updated', ['a', 'a', 'a'], ['a'], ['a'], ['a', 'a']],
    ['mixed', ['x', 'a', 'x', 'b'], ['a', 'b'], ['a', 'b'], ['x', 'x']],
  ])('when %s, then created and updated follow item order', (_case, order, createdIds, created, updated) => {
    expect(batchOutcome(order, new Set(createdIds))).toEqual({ created, updated });
  });
});

describe('batchSizeViolation', () => {
  it.each([
    [0, false],
    [1000, false],
    [1001, true],
  ])('when the batch has %p items, then refused is %p', (count, refused) => {
    expect(batchSizeViolation(count) !== null).toBe(refused);
  });
});
