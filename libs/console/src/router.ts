import { useEffect, useState } from 'preact/hooks';

/** The console's views by path: /console/activity, /console/overview, /console/notifications/:id, /console/recipients/:id. */
export type Route = { view: 'activity' } | { view: 'overview' } | { view: 'notification'; id: string } | { view: 'recipient'; id: string };

export function routeOf(pathname: string): Route {
  const m = /^\/console\/(notifications|recipients)\/([^/]+)$/.exec(pathname);
  if (m?.[1] === 'notifications') return { view: 'notification', id: decodeURIComponent(m[2]) };
  if (m?.[1] === 'recipients') return { view: 'recipient', id: decodeURIComponent(m[2]) };
  if (pathname === '/console/overview') return { view: 'overview' };
  return { view: 'activity' };
}

export const notificationPath = (id: number | string) => `/console/notifications/${encodeURIComponent(String(id))}`;
export const recipientPath = (id: string) => `/console/recipients/${encodeURIComponent(id)}`;

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
