import { mobilePushOf } from './mobile-push-flags';

describe('herald send mobile push flags', () => {
  it('when no mobile flag is given, then the send has no mobile push', () => {
    expect(mobilePushOf({})).toBeUndefined();
  });

  it('when a title, a body, a badge and data are given, then they make the block', () => {
    expect(mobilePushOf({ mobileTitle: 'Deploy', mobileBody: 'v42 is live', mobileBadge: 'unread', mobileData: '{"deploy":"42"}' })).toEqual({ title: 'Deploy', body: 'v42 is live', badge: 'unread', data: { deploy: '42' } });
    expect(mobilePushOf({ mobileTitle: 'Deploy', mobileBody: 'v42 is live', mobileBadge: '3' })).toEqual({ title: 'Deploy', body: 'v42 is live', badge: 3 });
  });

  it.each([
    [{ mobileTitle: 'Deploy' }, 'a mobile push needs both --mobile-title and --mobile-body'],
    [{ mobileTitle: 'Deploy', mobileBody: 'b', mobileBadge: 'many' }, '--mobile-badge is a whole number or "unread" (got "many")'],
    [{ mobileTitle: 'Deploy', mobileBody: 'b', mobileData: '[1]' }, '--mobile-data must be a JSON object of strings'],
  ])('when the flags are %j, then it is a usage error', (opts, message) => {
    expect(() => mobilePushOf(opts)).toThrow(message);
  });
});
