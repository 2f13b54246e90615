// Examples of the API page (`documented` in each route): realistic and valid against the schemas
// (plugins/external/swagger/openapi.int-spec.ts checks each one).
const at = '2026-03-02T09:30:00Z';

export const listExample = {
  key: 'product-updates',
  name: 'Product updates',
  description: 'Monthly news about the product',
  self_service: true,
  subscriber_count: 1250,
  created_at: at,
  updated_at: at,
};

export const listExamples = {
  input: { key: 'product-updates', name: 'Product updates', description: 'Monthly news about the product', self_service: true },
  created: { message: 'List created', data: { ...listExample, subscriber_count: 0 } },
  page: { data: { lists: [listExample], next_cursor: null } },
  one: { data: listExample },
  patch: { name: 'Product news' },
  updated: { message: 'List updated', data: { ...listExample, name: 'Product news', updated_at: '2026-03-02T10:00:00Z' } },
  deleted: { message: 'List deleted' },
  ids: { recipient_ids: ['user-42', 'user-43', ' bad'] },
  subscribed: {
    data: {
      subscribed: 1,
      already: 1,
      failed: [{ id: ' bad', batch_index: 2, errors: [{ message: 'recipient_ids[2] must not start or end with whitespace', description: 'recipient_ids[2]: recipient_ids[2] must not start or end with whitespace', property_path: 'recipient_ids[2]', invalid_value: ' bad' }] }],
    },
  },
  unsubscribed: { data: { unsubscribed: 2, already: 0, failed: [] } },
  subscribers: { data: { subscribers: [{ recipient_id: 'user-42' }, { recipient_id: 'user-43' }], next_cursor: 'czE6dXNlci00Mw' } },
  recipientLists: { data: { lists: [listExample] } },
  selfSubscribed: { message: 'Subscribed' },
  selfUnsubscribed: { message: 'Unsubscribed' },
};
