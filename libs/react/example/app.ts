// In your app: `from '@herald/react'` (here the package's source, bundled by build.mjs).
import { HeraldProvider, Inbox, useCounts, useNotifications, type Notification } from '../src/index.js';
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The example page: the `<Inbox>` bell in a header, and the same feed drawn with the hooks. The
 * page's server puts the gateway, the recipient and a recipient token it minted on `#root`.
 */
const titleOf = (n: Notification) => String((n.payload as { title?: unknown }).title ?? 'Notification');

function Feed() {
  const feed = useNotifications();
  return h(
    'ul',
    { 'aria-label': 'Notifications' },
    ...feed.items.map((n) =>
      h(
        'li',
        { key: n.id, className: n.read ? 'read' : 'unread' },
        h('span', { className: 'title' }, titleOf(n)),
        h('button', { type: 'button', onClick: () => void feed.markRead(n.id), disabled: n.read }, 'Mark read'),
        h('button', { type: 'button', onClick: () => void feed.archive(n.id) }, 'Archive'),
      ),
    ),
  );
}

function Counts() {
  const counts = useCounts();
  return h('p', { role: 'status' }, counts ? `${counts.unread} unread, ${counts.unseen} unseen` : 'Loading…');
}

const root = document.getElementById('root')!;
const { baseUrl = location.origin, recipientId = '', token = '' } = root.dataset;
createRoot(root).render(
  h(
    StrictMode,
    null,
    h(
      HeraldProvider,
      { baseUrl, recipientId, getToken: async () => token },
      h('header', null, h('strong', null, 'Acme app'), h(Inbox, { badge: 'unread' })),
      h('main', null, h(Counts), h(Feed)),
    ),
  ),
);
