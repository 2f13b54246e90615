// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };

export const recipientPreferenceExamples = {
  set: { target, medium: 'email', state: { enabled: false } },
  stored: { data: { target: { ...target, medium: 'email' }, state: { enabled: false, inherited: false } } },
  list: {
    data: {
      preferences: [
        { target: { ...target, medium: 'email', name: 'Paid invoices' }, state: { enabled: false, inherited: false, cataloged: true, mandatory: false } },
        { target: { ...target, medium: 'in_app', name: 'Paid invoices' }, state: { enabled: true, inherited: true, cataloged: true, mandatory: false } },
      ],
    },
  },
  check: {
    data: {
      target: { ...target, medium: 'email' },
      state: { enabled: false, inherited: false, cataloged: true, mandatory: false },
      decision: {
        result: 'disabled',
        because: 'recipient_rule',
        rule: { target, medium: 'email', enabled: false, set_at: '2026-03-02T09:40:00Z', set_via: 'recipient_token' },
      },
    },
  },
};
