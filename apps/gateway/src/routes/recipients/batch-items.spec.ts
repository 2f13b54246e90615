import { partitionBatchItems } from './batch-items';

describe('partitionBatchItems', () => {
  it('when items are well typed, then all go on with their index and whether a name was sent', () => {
    expect(partitionBatchItems([{ id: 'a' }, { id: 'b', name: 'B' }, { id: 'c', name: null }, { id: '' }])).toEqual({
      valid: [
        { id: 'a', setName: false, name: undefined, batchIndex: 0 },
        { id: 'b', setName: true, name: 'B', batchIndex: 1 },
        { id: 'c', setName: true, name: undefined, batchIndex: 2 },
        { id: '', setName: false, name: undefined, batchIndex: 3 },
      ],
      failed: [],
    });
  });

  it.each([
    ['a number', 5, ''],
    ['null', null, ''],
    ['an array', [1], ''],
    ['a string', 'abc', ''],
  ])('when an item is %s, then it fails at the root with its index', (_label, item, path) => {
    const { valid, failed } = partitionBatchItems([{ id: 'ok' }, item]);
    expect(valid).toHaveLength(1);
    expect(failed).toEqual([{ id: '', batch_index: 1, errors: [expect.objectContaining({ property_path: path, invalid_value: item })] }]);
  });

  it('when an item has a field a recipient does not have, then it fails naming it; the view fields are ignored', () => {
    const { valid, failed } = partitionBatchItems([{ id: 'a', nmae: 'A' }, { id: 'b', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }]);
    expect(failed).toEqual([{ id: 'a', batch_index: 0, errors: [expect.objectContaining({ property_path: 'nmae', message: 'nmae is not a field of this request' })] }]);
    expect(valid).toEqual([{ id: 'b', setName: false, name: undefined, batchIndex: 1 }]);
  });

  it('when id is not a string or missing, then the item fails on id', () => {
    const { failed } = partitionBatchItems([{ id: 7 }, { name: 'x' }]);
    expect(failed).toEqual([
      { id: '', batch_index: 0, errors: [{ message: 'id is invalid', description: 'Expected string', property_path: 'id', invalid_value: 7 }] },
      { id: '', batch_index: 1, errors: [expect.objectContaining({ message: 'id is required', property_path: 'id', invalid_value: null })] },
    ]);
  });

  it('when name has the wrong type, then the item fails on name and keeps its id', () => {
    const { failed } = partitionBatchItems([{ id: 'a', name: 3 }]);
    expect(failed).toEqual([{ id: 'a', batch_index: 0, errors: [expect.objectContaining({ property_path: 'name', invalid_value: 3 })] }]);
  });

  it('when both id and name are wrong, then both are reported', () => {
    const { failed } = partitionBatchItems([{ id: false, name: {} }]);
    expect(failed[0].errors.map((e) => e.property_path)).toEqual(['id', 'name']);
  });
});
