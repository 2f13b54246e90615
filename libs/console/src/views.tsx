import { Activity } from './activity';
import { BroadcastView } from './broadcast';
import { Broadcasts } from './broadcasts';
import { Catalog } from './catalog';
import { ListView } from './list';
import { Lists } from './lists';
import { NotificationView } from './notification';
import { Overview } from './overview';
import { RecipientView } from './recipient';
import { Recipients } from './recipients';
import type { Route } from './router';
import { WebhookView } from './webhook';
import { Webhooks } from './webhooks';

/** The console's pages, in the header's order. */
export const NAV = [
  { href: '/console/activity', name: 'Activity' },
  { href: '/console/overview', name: 'Overview' },
  { href: '/console/recipients', name: 'Recipients' },
  { href: '/console/catalog', name: 'Catalog' },
  { href: '/console/lists', name: 'Lists' },
  { href: '/console/broadcasts', name: 'Broadcasts' },
  { href: '/console/webhooks', name: 'Webhooks' },
];

/** The view a route shows. */
export function View({ route }: { route: Route }) {
  switch (route.view) {
    case 'notification':
      return <NotificationView id={route.id} />;
    case 'recipient':
      return <RecipientView id={route.id} />;
    case 'webhook':
      return <WebhookView id={route.id} />;
    case 'broadcast':
      return <BroadcastView id={route.id} />;
    case 'list':
      return <ListView key={route.id} listKey={route.id} />;
    case 'overview':
      return <Overview />;
    case 'recipients':
      return <Recipients />;
    case 'catalog':
      return <Catalog />;
    case 'lists':
      return <Lists />;
    case 'webhooks':
      return <Webhooks />;
    case 'broadcasts':
      return <Broadcasts />;
    default:
      return <Activity />;
  }
}
