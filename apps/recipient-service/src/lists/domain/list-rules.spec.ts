import { checkIdCount, checkListDescription, checkListKey, checkListName } from './list-rules';
import { decodeListCursor, encodeListCursor } from './list-cursor';

describe('list rules', () => {
  it.each([['a'], ['issue:42.watchers'], ['team_A-1'], ['k'.repeat(128)]])('when the key is %j, then it is accepted', (key) => {
    expect(checkListKey(key)).toBeNull();
  });

  it.each([[''], ['k'.repeat(129)], ['has space'], ['slash/no'], ['é'], ['a\n']])('when the key is %j, then it is refused', (key) => {
    expect(checkListKey(key)?.property_path).toBe('key');
  });

  it.each([
    ['Watchers', null],
    ['', 'name'],
    ['   ', 'name'],
    ['n'.repeat(257), 'name'],
    ['bad\u0007', 'name'],
  ])('when the name is %j, then the violation is %s', (name, property) => {
    expect(checkListName(name)?.property_path ?? null).toBe(property);
  });

  it('when a description has line breaks, then it is accepted; a bell or 2,049 characters are not', () => {
    expect(checkListDescription('line one\nline two\ttab')).toBeNull();
    expect(checkListDescription('ring\u0007')).not.toBeNull();
    expect(checkListDescription('d'.repeat(2049))).not.toBeNull();
  });

  it.each([[0, false], [1, true], [1000, true], [1001, false]])('when a call names %d ids, then valid is %s', (count, valid) => {
    expect(checkIdCount(count) === null).toBe(valid);
  });

  it('when a cursor is encoded, then it decodes to its key; a foreign text is refused', () => {
    expect(decodeListCursor(encodeListCursor('team:a'))).toBe('team:a');
    expect(decodeListCursor('')).toBe('');
    expect(() => decodeListCursor('bm9wZQ')).toThrow('Invalid cursor');
  });
});
