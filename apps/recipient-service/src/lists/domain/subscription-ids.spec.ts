import { partitionIds } from './subscription-ids';

describe('partitionIds', () => {
  it('when ids repeat and some break the rules, then valid ids come once each and failures keep their positions', () => {
    const { valid, failed } = partitionIds(['a', '', 'b', 'a', ' c', 'x'.repeat(257)]);
    expect(valid).toEqual(['a', 'b']);
    expect(failed.map((f) => [f.batchIndex, f.errors[0].property_path])).toEqual([
      [1, 'recipient_ids[1]'],
      [4, 'recipient_ids[4]'],
      [5, 'recipient_ids[5]'],
    ]);
  });
});
