// Examples of the API page, valid against the schemas (checked by the OpenAPI spec). No `send_at`
// in the send example: a fixed date would soon be past or beyond the 90 days a send may wait.
const at = '2026-03-02T09:32:00Z';
const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };
const payload = { title: 'Invoice #1042 is paid', body: 'Thanks! A receipt is on its way to your inbox.', url: 'https://app.example.com/invoices/1042' };
const notRequested = { status: 'not_requested' };

export const notificationExample = {
  id: 1042,
  recipient_id: 'user-42',
  payload,
  broadcast_id: null,
  target,
  read: false,
  opened: false,
  seen: false,
  archived: false,
  action_taken: null,
  created_at: at,
  updated_at: at,
  status: 'delivered',
  email: { status: 'sent', reason: null, address: 'ada@example.com', message_id: '<1042.user-42@mail.example.com>', attempts: 1, sent_at: '2026-03-02T09:32:01Z', error: null, provider: 'smtp', digest_id: null },
  sms: notRequested,
  push: notRequested,
  decision: {
    in_app: { result: 'delivered', because: 'medium_default', rule: null },
    email: {
      result: 'sent',
      because: 'catalog_entry',
      rule: { id: 3, label: 'Paid invoices', target, medium: 'email', default_enabled: true, mandatory: false },
    },
  },
};

export const broadcastExample = {
  id: 12,
  target: { channel: 'product', topic: 'releases', event: 'release.published' },
  payload: { title: 'Herald 2.0 is out', body: 'Digests, SMS and web push, all in one place.' },
  status: 'completed',
  recipients_total: 1250,
  notifications_created: 1250,
  email: null,
  push: null,
  created_at: at,
  updated_at: '2026-03-02T09:32:09Z',
  send_at: null,
};

export const notificationExamples = {
  send: {
    recipient_id: 'user-42',
    target,
    payload,
    email: { subject: 'Invoice #1042 is paid', html: '<p>Thanks! Your receipt for invoice #1042 is attached.</p>', text: 'Thanks! Your receipt for invoice #1042 is attached.' },
    mobile_push: { title: 'Invoice #1042 is paid', body: 'Your receipt is in your inbox.', data: { invoice_id: '1042' }, badge: 'unread', collapse_key: 'invoices' },
  },
  sent: { message: 'Notification enqueued', data: { notification: { ...notificationExample, status: 'enqueued', email: { ...notificationExample.email, status: 'pending', message_id: null, attempts: 0, sent_at: null, provider: null }, decision: null }, broadcast: null } },
  one: { data: notificationExample },
  canceled: { message: 'Notification canceled', data: { ...notificationExample, status: 'canceled', send_at: '2026-03-03T08:00:00Z', email: { ...notificationExample.email, status: 'skipped', reason: 'canceled', message_id: null, sent_at: null, provider: null } } },
  broadcast: { data: { ...broadcastExample, sms: { status: 'sent', eligible: 310 } } },
  broadcastCanceled: { message: 'Broadcast canceled', data: { ...broadcastExample, status: 'canceled', notifications_created: 0, send_at: '2026-03-03T08:00:00Z' } },
  digest: {
    data: {
      id: 5,
      recipient_id: 'user-42',
      entry_id: 4,
      target: { channel: 'social', topic: 'comments', event: 'comment.created' },
      status: 'sent',
      subject: 'New comments on your posts',
      max_items: 20,
      opened_at: '2026-03-02T08:00:00Z',
      closes_at: '2026-03-02T09:00:00Z',
      sent_at: '2026-03-02T09:00:02Z',
      message_id: '<digest-5@mail.example.com>',
      address: 'ada@example.com',
      reason: null,
      notification_ids: [1040, 1041],
    },
  },
};
