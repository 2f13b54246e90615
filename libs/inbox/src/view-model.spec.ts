import { actionsOf, badgeText, contentOf, relativeTime } from './view-model';

describe('<herald-inbox> view model', () => {
  it.each([[0, ''], [1, '1'], [99, '99'], [100, '99+'], [12345, '99+']])('when the unread count is %p, then the badge reads %p', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });

  it('when a payload follows the convention, then title, body, url and avatar are read; unsafe urls are dropped', () => {
    expect(contentOf({ payload: { title: 'Hi', body: 'There', url: 'https://x.test/a', avatar: '/a.png' } })).toEqual({ title: 'Hi', body: 'There', url: 'https://x.test/a', avatar: '/a.png' });
    expect(contentOf({ payload: { url: 'javascript:alert(1)', avatar: '//evil.test/x' }, target: { channel: 'billing', topic: 'none', event: 'paid' } })).toEqual({
      title: 'billing · paid', body: null, url: null, avatar: null,
    });
  });

  it('when times are relative, then they read like a person would say them', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(relativeTime('2026-01-10T11:59:50Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-01-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-01-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-01-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
  });

  it('when a payload carries actions, then at most three with an id and a label are read; an unsafe url is dropped', () => {
    const actions = [
      { id: 'approve', label: 'Approve', style: 'primary' },
      { id: 'docs', label: 'Docs', url: 'https://example.com/docs' },
      { id: 'bad', label: 'Bad', url: 'javascript:alert(1)' },
      { id: 'fourth', label: 'Fourth' },
    ];
    expect(actionsOf({ payload: { actions: [{ label: 'No id' }, ...actions] } })).toEqual([
      { id: 'approve', label: 'Approve', url: null, style: 'primary' },
      { id: 'docs', label: 'Docs', url: 'https://example.com/docs', style: 'secondary' },
      { id: 'bad', label: 'Bad', url: null, style: 'secondary' },
    ]);
    expect(actionsOf({ payload: { actions: 'none' } })).toEqual([]);
  });
});
