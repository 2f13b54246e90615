// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const at = '2026-03-02T09:31:00Z';

export const contactExample = {
  id: 7,
  medium: 'email',
  address: 'ada@example.com',
  is_primary: true,
  verified_at: null,
  deliverable: true,
  confirmed: true,
  undeliverable_reason: null,
  created_at: at,
  updated_at: at,
};

export const contactExamples = {
  input: { medium: 'email', address: 'ada@example.com', is_primary: true },
  created: { message: 'Contact created', data: contactExample },
  list: {
    data: {
      contacts: [
        contactExample,
        { ...contactExample, id: 8, medium: 'sms', address: '+4915112345678' },
        { ...contactExample, id: 9, medium: 'chat', provider: 'slack', address: 'C0123456789' },
      ],
    },
  },
  primary: { medium: 'sms', address: '+49 151 1234 5678' },
  primarySet: { message: 'Primary contact set', data: { ...contactExample, id: 8, medium: 'sms', address: '+4915112345678' } },
  patch: { address: 'ada.king@example.com' },
  updated: { message: 'Contact updated', data: { ...contactExample, address: 'ada.king@example.com', updated_at: '2026-03-02T10:00:00Z' } },
  deleted: { message: 'Contact deleted' },
  verified: { message: 'Contact verified', data: { ...contactExample, verified_at: '2026-03-02T10:05:00Z' } },
  confirmed: { message: 'Contact confirmed', data: { ...contactExample, verified_at: '2026-03-02T10:05:00Z' } },
  code: { code: '042917' },
  codeConfirmed: { message: 'Contact confirmed', data: { ...contactExample, medium: 'sms', address: '+4915112345678', is_primary: true, verified_at: '2026-03-02T10:05:00Z' } },
};
