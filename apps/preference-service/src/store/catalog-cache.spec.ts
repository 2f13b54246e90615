import { catalogKeysOf } from './catalog-cache';

describe('catalogKeysOf', () => {
  it.each([
    ['7', ['7']],
    ['007', ['7']],
    ['999999999999999', ['999999999999999']],
    // 16 digits: ids made from Date.now() * 1000 (the tests') are this long.
    ['1795000000000001', ['1795000000000001']],
    ['9007199254740991', ['9007199254740991']],
    ['9007199254740993', []],
    ['12345678901234567', []],
    ['', []],
    ['-1', []],
    ['1.5', []],
    ['12a', []],
  ])('when the message says %p, then the keys are %p', (text, keys) => {
    expect(catalogKeysOf(new TextEncoder().encode(text))).toEqual(keys);
  });
});
