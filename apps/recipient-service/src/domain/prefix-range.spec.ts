import { prefixRange } from './prefix-range';

describe('prefixRange', () => {
  const within = (prefix: string, s: string) => {
    const r = prefixRange(prefix);
    return s >= r.$gte && s < r.$lt;
  };

  it('when a string starts with the prefix, then it is in the range; otherwise it is not', () => {
    expect(prefixRange('ab')).toEqual({ $gte: 'ab', $lt: 'ac' });
    expect(['ab', 'abc', 'ab\uffff'].map((s) => within('ab', s))).toEqual([true, true, true]);
    expect(['a', 'ac', 'aa', 'b'].map((s) => within('ab', s))).toEqual([false, false, false, false]);
  });

  it('when the prefix ends in a character beyond the basic plane, then the range moves that whole character on', () => {
    expect(prefixRange('x😀')).toEqual({ $gte: 'x😀', $lt: 'x😁' });
  });
});
