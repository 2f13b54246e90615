import { anyKeyOf, keyOf, parseKey, takesAnyRule } from './targets';

describe('target keys', () => {
  it('when target fields contain the separator, dots or dollars, then keys stay distinct and field-name safe', () => {
    const a = keyOf({ channel: 'a|b', topic: 'c', event: 'd' }, 'in_app');
    const b = keyOf({ channel: 'a', topic: 'c', event: 'b|d' }, 'in_app');
    expect(a).not.toBe(b);
    expect(keyOf({ channel: '$x.y', topic: 't', event: 'e' }, 'email')).not.toMatch(/[.$]/);
  });

  it('when the medium differs, then the key differs', () => {
    const t = { channel: 'c', topic: 't', event: 'e' };
    expect(keyOf(t, 'in_app')).not.toBe(keyOf(t, 'email'));
    expect(anyKeyOf(t, 'email')).toBe(keyOf({ ...t, topic: 'any' }, 'email'));
  });

  it('when the topic is none or any, then no separate any rule applies', () => {
    expect(takesAnyRule('none')).toBe(false);
    expect(takesAnyRule('any')).toBe(false);
    expect(takesAnyRule('deploys')).toBe(true);
  });
});

describe('parseKey', () => {
  it('when a key is parsed, then it gives back the target and medium it was made from', () => {
    const target = { channel: 'a|b.c$d%e', topic: 'any', event: 'x\u0001y' };
    expect(parseKey(keyOf(target, 'email'))).toEqual({ target, medium: 'email' });
  });

  it('when a string is not a key, then null', () => {
    expect(parseKey('fax|a|b|c')).toBeNull();
    expect(parseKey('in_app|a|b')).toBeNull();
  });
});
