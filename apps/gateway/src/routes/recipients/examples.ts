// Examples of the API page (`documented` in each route): realistic and valid against the schemas
// (plugins/external/swagger/openapi.int-spec.ts checks each one).
const at = '2026-03-02T09:30:00Z';

export const recipientInputExample = { id: 'user-42', name: 'Ada Lovelace' };
export const recipientExample = { id: 'user-42', name: 'Ada Lovelace', created_at: at, updated_at: at };
export const recipientPatchExample = { name: 'Ada King' };

export const recipientExamples = {
  created: { message: 'Recipient created', data: recipientExample },
  page: { data: { recipients: [recipientExample, { id: 'user-43', name: null, created_at: at, updated_at: at }], next_cursor: 'cjE6MTIz' } },
  one: { data: recipientExample },
  updated: { message: 'Recipient updated', data: { ...recipientExample, name: 'Ada King', updated_at: '2026-03-02T10:00:00Z' } },
  deleted: { message: 'Recipient deleted' },
  batch: { recipients: [{ id: 'user-42', name: 'Ada Lovelace' }, { id: 'user-43' }, { id: '' }] },
  batchResult: {
    data: {
      created: [{ id: 'user-43' }],
      updated: [{ id: 'user-42' }],
      failed: [{ id: '', batch_index: 2, errors: [{ message: 'id is required', description: 'A recipient id is 1 to 256 characters', property_path: 'id', invalid_value: '' }] }],
    },
  },
  tokenRequest: { ttl_seconds: 3600 },
  token: { message: 'Token created', data: { token: 'nk_tok_eyJwIjoxLCJyIjoidXNlci00MiJ9.c2lnbmF0dXJl', recipient_id: 'user-42', expires_at: '2026-03-02T10:30:00Z' } },
};
