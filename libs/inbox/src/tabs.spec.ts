import { inTab, type Notification } from '@herald/client';
import { parseTabs } from './tabs';

describe('inbox tabs', () => {
  it('when the attribute holds tabs, then each keeps its label and its channel, topic and event filter', () => {
    expect(parseTabs('[{"label":"All","filter":{}},{"label":"Mentions","filter":{"channel":"mentions","other":"x"}},{"label":"Builds","filter":{"topic":"ci","event":"build.failed"}}]')).toEqual([
      { label: 'All', filter: {} },
      { label: 'Mentions', filter: { channel: 'mentions' } },
      { label: 'Builds', filter: { topic: 'ci', event: 'build.failed' } },
    ]);
  });

  it.each([['not json'], ['{"label":"x"}'], [null], [[{ filter: {} }, { label: '' }, 3]]])('when the value is %p, then there are no tabs', (value) => {
    expect(parseTabs(value)).toEqual([]);
  });

  it('when a notification is matched against a filter, then every value the filter names must be its target', () => {
    const n = { target: { channel: 'mentions', topic: 'none', event: 'comment.added' } } as Notification;
    const none = { target: null } as Notification;
    expect([inTab(n, {}), inTab(n, { channel: 'mentions' }), inTab(n, { channel: 'mentions', event: 'x' }), inTab(none, { channel: 'mentions' })]).toEqual([true, true, false, false]);
  });
});
