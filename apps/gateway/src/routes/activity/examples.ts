import { notificationExample } from '../notifications/examples';

// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
export const activityExamples = {
  page: { data: { notifications: [notificationExample], next_cursor: '1772443920000_1042' } },
  /** One event of GET /notifications/stream. */
  streamEvent: { event: 'outcome', id: '48213', data: { type: 'email.sent', notification: { ...notificationExample, payload: null } } },
};
