// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const none = { medium: null, provider: null, detail: null, attempts: null, digest_id: null, webhook_id: null, webhook_url: null, event_type: null, response_status: null, latency_ms: null, attempt: null, message_id: null };

export const timelineExamples = {
  timeline: {
    data: {
      steps: [
        { ...none, at: '2026-03-02T09:00:00Z', kind: 'accepted', status: 'delivered' },
        { ...none, at: '2026-03-02T09:00:00Z', kind: 'decided', medium: 'in_app', status: 'medium_default' },
        { ...none, at: '2026-03-02T09:00:00Z', kind: 'decided', medium: 'email', status: 'recipient_rule' },
        { ...none, at: '2026-03-02T09:00:00Z', kind: 'webhook', status: 'failed', webhook_id: 3, webhook_url: 'https://hooks.example.com/herald', event_type: 'notification.delivered', response_status: 503, latency_ms: 120 },
        { ...none, at: '2026-03-02T09:00:01Z', kind: 'escalation', medium: 'email', status: 'scheduled' },
        { ...none, at: '2026-03-02T09:00:01Z', kind: 'attempt', medium: 'email', status: 'retried', attempt: 1, detail: '451 4.7.1 Try again later' },
        { ...none, at: '2026-03-02T09:00:03Z', kind: 'attempt', medium: 'email', status: 'sent', attempt: 2, provider: 'smtp', message_id: '<7f3a@mail.example.com>' },
        { ...none, at: '2026-03-02T09:00:03Z', kind: 'outbound', medium: 'email', status: 'sent', provider: 'smtp', attempts: 2 },
        { ...none, at: '2026-03-02T09:00:07Z', kind: 'webhook', status: 'succeeded', webhook_id: 3, webhook_url: 'https://hooks.example.com/herald', event_type: 'notification.delivered', response_status: 204, latency_ms: 48 },
      ],
    },
  },
};
