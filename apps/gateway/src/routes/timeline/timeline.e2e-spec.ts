import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '@herald/testing';
import { call, createProject, TIMESTAMP, uniqueId, type TestProject } from '../../testing/rest-client';

interface Step {
  at: string;
  kind: string;
  medium: string | null;
  status: string;
  provider: string | null;
  attempts: number | null;
  webhook_url: string | null;
  event_type: string | null;
  response_status: number | null;
  latency_ms: number | null;
  attempt: number | null;
  message_id: string | null;
}

/** A local webhook endpoint answering 204 to everything. */
async function acceptingEndpoint() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise((r) => server.close(r)) };
}

/** GET /notifications/{id}/timeline: a notification's steps, from the notification, its timers and digest, and its webhook deliveries. */
describe("a notification's timeline", () => {
  let p: TestProject;
  let endpoint: Awaited<ReturnType<typeof acceptingEndpoint>>;
  const as = (method: string, path: string, body?: unknown, key = p.fullKey) => call(method, path, { key, body });
  const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };

  beforeAll(async () => {
    p = await createProject('timeline');
    endpoint = await acceptingEndpoint();
    expect((await as('POST', '/webhooks', { url: endpoint.url })).status).toBe(201);
    expect((await as('PUT', '/preferences', [{ ...target, medium: 'email', name: 'Paid invoices', default_enabled: true }])).status).toBe(200);
  });
  afterAll(async () => {
    await endpoint?.close();
  });

  it('when a send with an email is delivered and its events reach an endpoint, then the timeline shows accepted, decided, the email sent and each webhook attempt, in time order', async () => {
    const recipient_id = uniqueId('timeline');
    expect((await as('POST', '/recipients', { id: recipient_id })).status).toBe(201);
    expect((await as('POST', `/recipients/${recipient_id}/contacts`, { medium: 'email', address: `${recipient_id}@example.com`, is_primary: true })).status).toBe(201);
    const sent = await as('POST', '/notifications/send', { recipient_id, target, payload: { n: 1 }, email: { subject: 'Paid', html: '<p>Paid</p>' } });
    expect(sent.status).toBe(201);
    const id = sent.body.data.notification.id;

    const steps: Step[] = await eventually('the email sent and both events delivered to the endpoint', async () => {
      const r = await as('GET', `/notifications/${id}/timeline`);
      const s: Step[] = r.status === 200 ? r.body.data.steps : [];
      const delivered = (type: string) => s.some((x) => x.kind === 'webhook' && x.event_type === type && x.status === 'succeeded');
      return s.some((x) => x.kind === 'outbound' && x.status === 'sent') && delivered('notification.delivered') && delivered('email.sent') ? s : undefined;
    });
    expect(steps[0]).toMatchObject({ kind: 'accepted', medium: null, status: 'delivered', at: expect.stringMatching(TIMESTAMP) });
    expect(steps.filter((s) => s.kind === 'decided').map((s) => [s.medium, s.status])).toEqual(
      expect.arrayContaining([
        ['in_app', expect.any(String)],
        ['email', 'catalog_entry'],
      ]),
    );
    expect(steps.find((s) => s.kind === 'outbound')).toMatchObject({ medium: 'email', status: 'sent', provider: expect.any(String), attempts: 1 });
    expect(steps.find((s) => s.kind === 'webhook' && s.event_type === 'email.sent')).toMatchObject({ webhook_url: endpoint.url, response_status: 204, latency_ms: expect.any(Number), medium: null });
    const times = steps.map((s) => Date.parse(s.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("when an email is sent, then its attempt has a step of its own: number, provider, the provider's message id, after the acceptance and no later than the medium's outcome", async () => {
    const recipient_id = uniqueId('timeline');
    expect((await as('POST', '/recipients', { id: recipient_id })).status).toBe(201);
    expect((await as('POST', `/recipients/${recipient_id}/contacts`, { medium: 'email', address: `${recipient_id}@example.com`, is_primary: true })).status).toBe(201);
    const sent = await as('POST', '/notifications/send', { recipient_id, target, payload: { n: 3 }, email: { subject: 'Paid', html: '<p>Paid</p>' } });
    const id = sent.body.data.notification.id;
    const steps: Step[] = await eventually('the email sent', async () => {
      const r = await as('GET', `/notifications/${id}/timeline`);
      const s: Step[] = r.status === 200 ? r.body.data.steps : [];
      return s.some((x) => x.kind === 'outbound' && x.status === 'sent') ? s : undefined;
    });
    const attempts = steps.filter((s) => s.kind === 'attempt');
    expect(attempts).toEqual([expect.objectContaining({ medium: 'email', status: 'sent', attempt: 1, provider: expect.any(String), message_id: expect.any(String), at: expect.stringMatching(TIMESTAMP) })]);
    const at = (s: Step | undefined) => Date.parse(s!.at);
    expect(at(attempts[0])).toBeGreaterThanOrEqual(at(steps[0]));
    expect(at(attempts[0])).toBeLessThanOrEqual(at(steps.find((s) => s.kind === 'outbound')));
  });

  it("when another project's key or a bad id asks, then 404 notification_not_found; a Recipient key, 403", async () => {
    const recipient_id = uniqueId('timeline');
    expect((await as('POST', '/recipients', { id: recipient_id })).status).toBe(201);
    const sent = await as('POST', '/notifications/send', { recipient_id, payload: { n: 2 } });
    const id = sent.body.data.notification.id;
    await eventually('the send written', async () => (await as('GET', `/notifications/${id}/timeline`)).status === 200);

    const other = await createProject('timeline-other');
    for (const [path, key] of [[`/notifications/${id}/timeline`, other.fullKey], ['/notifications/999999999/timeline', p.fullKey], ['/notifications/abc/timeline', p.fullKey]]) {
      const res = await as('GET', path, undefined, key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Notification not found', code: 'notification_not_found' });
    }
    expect((await as('GET', `/notifications/${id}/timeline`, undefined, p.recipientKey)).status).toBe(403);
  });
});
