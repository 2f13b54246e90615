// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const at = '2026-03-01T12:00:00Z';

const webhook = {
  id: 2,
  url: 'https://hooks.example.com/herald',
  description: 'Delivery outcomes for the support dashboard',
  event_types: ['notification.delivered', 'email.failed'],
  status: 'enabled',
  disabled_reason: null,
  failing_since: null,
  created_at: at,
  updated_at: at,
};

const delivery = {
  id: 981,
  webhook_id: 2,
  event_id: 'evt_01HQ7Z3K2M9',
  event_type: 'notification.delivered',
  status: 'succeeded',
  attempts: 1,
  last_response_status: 200,
  last_latency_ms: 84,
  last_response_body: 'ok',
  last_error: null,
  next_attempt_at: null,
  attempt_log: [{ at: '2026-03-02T09:32:01Z', response_status: 200, latency_ms: 84, error: null }],
  created_at: '2026-03-02T09:32:01Z',
  updated_at: '2026-03-02T09:32:01Z',
};

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const webhookExamples = {
  input: { url: 'https://hooks.example.com/herald', description: 'Delivery outcomes for the support dashboard', event_types: ['notification.delivered', 'email.failed'] },
  created: { message: 'Webhook created', data: { webhook, secret } },
  list: { data: { webhooks: [webhook] } },
  one: { data: webhook },
  patch: { enabled: false },
  updated: { message: 'Webhook updated', data: { ...webhook, status: 'disabled', disabled_reason: 'manual', updated_at: '2026-03-02T10:00:00Z' } },
  deleted: { message: 'Webhook deleted' },
  rotated: { message: 'Secret rotated; the previous secret signs alongside it for 24 hours', data: { webhook, secret: 'whsec_3xq2Rk7YpWn9TfLcV0bHs5JdMa8EuGi1' } },
  test: { message: 'Test event queued', data: { ...delivery, id: 982, event_type: 'webhook.test', status: 'pending', attempts: 0, last_response_status: null, last_latency_ms: null, last_response_body: null, attempt_log: [] } },
  deliveries: { data: { deliveries: [delivery], next_cursor: null } },
  retried: { message: 'Delivery queued for another attempt', data: { ...delivery, status: 'pending', next_attempt_at: '2026-03-02T10:00:00Z' } },
};
