// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const at = '2026-03-01T12:00:00Z';

const entryInput = {
  channel: 'billing',
  topic: 'invoices',
  event: 'invoice.paid',
  medium: 'email',
  name: 'Paid invoices',
  description: 'A receipt when an invoice is paid',
  default_enabled: true,
  mandatory: false,
};

export const catalogEntryExample = {
  id: 3,
  project_id: 1,
  target: { channel: 'billing', topic: 'invoices', event: 'invoice.paid' },
  medium: 'email',
  label: 'Paid invoices',
  description: 'A receipt when an invoice is paid',
  default_enabled: true,
  mandatory: false,
  digest: null,
  throttle: null,
  created_at: at,
  updated_at: at,
};

const digestEntry = {
  ...catalogEntryExample,
  id: 4,
  target: { channel: 'social', topic: 'comments', event: 'comment.created' },
  label: 'Comments on your posts',
  description: null,
  digest: { window_seconds: 3600, max_items: 20, subject: 'New comments on your posts' },
};

export const catalogExamples = {
  input: entryInput,
  created: { message: 'Catalog entry created', data: catalogEntryExample },
  list: { data: [catalogEntryExample, digestEntry] },
  upsert: [entryInput, { channel: 'social', topic: 'comments', event: 'comment.created', medium: 'email', name: 'Comments on your posts', default_enabled: true, digest: digestEntry.digest }],
  upserted: { message: 'Catalog updated', data: [catalogEntryExample, digestEntry] },
  one: { data: catalogEntryExample },
  patch: { default_enabled: false, throttle: { max: 5, window_seconds: 3600 } },
  updated: { message: 'Catalog entry updated', data: { ...catalogEntryExample, default_enabled: false, throttle: { max: 5, window_seconds: 3600 }, updated_at: '2026-03-02T09:00:00Z' } },
  deleted: { message: 'Catalog entry deleted' },
};
