// Examples of the feed's state endpoints, valid against their schemas (checked by the OpenAPI spec).
import { notificationExample } from '../notifications/examples';

export const bulkUpdateRequestExample = { ids: [1042, 1041], archived: true };

export const bulkUpdateExample = {
  message: 'Notifications updated',
  data: {
    results: [
      { id: 1042, notification: { ...notificationExample, seen: true, archived: true }, error: null },
      { id: 1041, notification: null, error: { code: 'notification_not_found', message: 'Notification not found' } },
    ],
  },
};
