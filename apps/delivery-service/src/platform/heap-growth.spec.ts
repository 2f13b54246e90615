import { limitHeapGrowth } from './heap-growth';

describe('limitHeapGrowth', () => {
  it.each([
    [50, ['--heap-growing-percent=50']],
    [0, []],
  ])('when the percent is %p, then V8 is given %p', (percent, expected) => {
    const flags: string[] = [];
    limitHeapGrowth(percent, (f) => flags.push(f));
    expect(flags).toEqual(expected);
  });
});
