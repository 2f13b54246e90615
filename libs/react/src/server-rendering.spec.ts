import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import * as herald from './index.js';
import { fakeHeraldApi, note } from './testing/fake-herald-api.js';

describe('@herald/react on the server', () => {
  it('when rendered with react-dom/server in node (no window), then it renders the shell and fetches nothing', () => {
    expect(typeof window).toBe('undefined');
    const fake = fakeHeraldApi({ feed: [note(1)] });
    function App() {
      const view = herald.useNotifications();
      const counts = herald.useCounts();
      const prefs = herald.usePreferences();
      return h('div', null, h('p', null, `${view.status} ${view.items.length} ${counts === null} ${prefs.status}`), h(herald.Inbox, { badge: 'unseen' }));
    }
    const html = renderToString(h(herald.HeraldProvider, { baseUrl: 'http://herald.test', recipientId: 'alice', token: 'nk_tok_t', api: fake.api }, h(App)));
    expect(html).toContain('<p>idle 0 true loading</p>');
    expect(html).toContain('<herald-inbox base-url="http://herald.test" badge="unseen"></herald-inbox>');
    expect(fake.calls).toEqual({ page: [], subscribe: 0, preferencesSet: [], preferencesList: 0 });
  });
});
