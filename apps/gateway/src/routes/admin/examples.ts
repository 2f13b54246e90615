// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const at = '2026-03-01T12:00:00Z';

const settings = {
  strict_targets: false,
  max_broadcast_recipients_for_email: 0,
  max_broadcast_recipients_for_push: 0,
  max_list_recipients_for_email: 10_000,
  max_list_recipients_for_push: 10_000,
  monthly_quota: null,
  rate_limit_per_second: 100,
  email_from: { address: 'notifications@acme.example', name: 'Acme' },
  email_reply_to: null,
  retention_days: null,
};
const project = { id: 1, name: 'Acme web app', settings, created_at: at, updated_at: at };

export const adminExamples = {
  create: { name: 'Acme web app', settings: { email_from: { address: 'notifications@acme.example', name: 'Acme' }, rate_limit_per_second: 100 } },
  created: {
    message: 'Project created',
    data: {
      project,
      keys: [
        { id: 1, scope: 'full', key: 'nk_full_8f2c1e9a4b7d6035e1f8a2c4' },
        { id: 2, scope: 'recipient', key: 'nk_rcpt_3b9e7a1c5d2f8046b3c7e9a1' },
      ],
    },
  },
  page: { data: { projects: [project], next_cursor: null } },
  one: { data: project },
  patch: { settings: { monthly_quota: 100000 } },
  updated: { message: 'Project updated', data: { ...project, settings: { ...settings, monthly_quota: 100000 }, updated_at: '2026-03-02T09:00:00Z' } },
  keyRequest: { scope: 'recipient' },
  key: { message: 'Key created', data: { id: 3, scope: 'recipient', key: 'nk_rcpt_9d4a2e6c1b8f7053a9d4e2c6', created_at: '2026-03-02T09:00:00Z' } },
  revoked: { message: 'Key revoked' },
};
