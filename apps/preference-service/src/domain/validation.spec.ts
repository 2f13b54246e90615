import { parseCatalogInput, parseCatalogItems, parseMedium, targetViolations, type RawCatalogInput } from './validation';

const item = (over: Partial<RawCatalogInput> = {}): RawCatalogInput => ({
  target: { channel: 'ci', topic: 'deploys', event: 'failed' },
  name: 'Deploy failures',
  defaultEnabled: true,
  mandatory: false,
  ...over,
});

describe('catalog validation', () => {
  it('when an item is valid, then medium defaults to in_app and a blank description stores none', () => {
    const { input, violations } = parseCatalogInput(item({ description: '   ' }));
    expect(violations).toEqual([]);
    expect(input).toMatchObject({ medium: 'in_app', description: null, name: 'Deploy failures' });
  });

  it.each([
    ['a missing channel', { target: { topic: 't', event: 'e' } }, 'channel'],
    ['an empty topic', { target: { channel: 'c', topic: '', event: 'e' } }, 'topic'],
    ['an event over 128 characters', { target: { channel: 'c', topic: 't', event: 'e'.repeat(129) } }, 'event'],
    ['a medium that is not a preference medium (fax)', { medium: 'fax' }, 'medium'],
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name over 256 characters', { name: 'n'.repeat(257) }, 'name'],
    ['a name with a control character', { name: 'bad\u0000name' }, 'name'],
    ['a name with a line break', { name: 'two\nlines' }, 'name'],
  ])('when an item has %s, then the violation names that property', (_what, over, path) => {
    const { input, violations } = parseCatalogInput(item(over as Partial<RawCatalogInput>));
    expect(input).toBeUndefined();
    expect(violations.map((v) => v.property_path)).toEqual([path]);
  });

  it('when a target field has exactly 128 characters (code points), then it is valid', () => {
    expect(targetViolations({ channel: '😀'.repeat(128), topic: 't', event: 'e' })).toEqual([]);
  });

  it('when bulk items are invalid, then every violation is named by the item index', () => {
    const { violations } = parseCatalogItems([item(), item({ medium: 'fax' }), item({ target: { channel: '', topic: 't', event: 'e' }, name: '' })]);
    expect(violations.map((v) => v.property_path)).toEqual(['[1].medium', '[2].channel', '[2].name']);
  });

  it('when two bulk items share a natural key, then the later one is refused naming both indexes', () => {
    const { violations } = parseCatalogItems([item(), item({ medium: 'email' }), item({ name: 'again' })]);
    expect(violations).toHaveLength(1);
    expect(violations[0].property_path).toBe('[2]');
    expect(violations[0].message).toContain('[0]');
  });

  it('when the same target comes with both mediums, then they are distinct keys', () => {
    expect(parseCatalogItems([item(), item({ medium: 'email' })]).violations).toEqual([]);
  });

  it('when a medium is empty or absent, then it is in_app; any other unknown value is refused', () => {
    expect(parseMedium(undefined)).toBe('in_app');
    expect(parseMedium('')).toBe('in_app');
    expect(parseMedium('email')).toBe('email');
    expect(parseMedium('EMAIL')).toMatchObject({ property_path: 'medium' });
  });
});
