import { useEffect, useState } from 'preact/hooks';

/** The console's views by path: /console/activity, /console/overview, /console/notifications/:id, /console/recipients[/:id], /console/catalog, /console/lists[/:key], /console/webhooks[/:id], /console/broadcasts[/:id]. */
export type Route =
  | { view: 'activity' }
  | { view: 'notification'; id: string }
  | { view: 'recipient'; id: string }
  | { view: 'overview' | 'recipients' | 'catalog' | 'lists' | 'webhooks' | 'broadcasts' }
  | { view: 'webhook' | 'broadcast' | 'list'; id: string };

const ONE_OF: Record<string, 'notification' | 'recipient' | 'webhook' | 'broadcast' | 'list'> = { notifications: 'notification', recipients: 'recipient', webhooks: 'webhook', broadcasts: 'broadcast', lists: 'list' };
const PAGES = ['overview', 'recipients', 'catalog', 'lists', 'webhooks', 'broadcasts'] as const;
const isPage = (name: string | undefined): name is (typeof PAGES)[number] => (PAGES as readonly (string | undefined)[]).includes(name);

export function routeOf(pathname: string): Route {
  const one = /^\/console\/(notifications|recipients|webhooks|broadcasts|lists)\/([^/]+)$/.exec(pathname);
  if (one) return { view: ONE_OF[one[1]], id: decodeURIComponent(one[2]) };
  const page = /^\/console\/([a-z]+)$/.exec(pathname)?.[1];
  if (isPage(page)) return { view: page };
  return { view: 'activity' };
}

const pathOf = (kind: string) => (id: number | string) => `/console/${kind}/${encodeURIComponent(String(id))}`;
export const notificationPath = pathOf('notifications');
export const recipientPath = pathOf('recipients');
export const webhookPath = pathOf('webhooks');
export const broadcastPath = pathOf('broadcasts');
export const listPath = pathOf('lists');

export function navigate(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The current route, following links and the back button. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => routeOf(location.pathname));
  useEffect(() => {
    const update = () => setRoute(routeOf(location.pathname));
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return route;
}
