import { startGatewayReplica, type GatewayReplica } from '../../testing/gateway-replica';
import { call, createProject, type TestProject } from '../../testing/rest-client';

/**
 * Webhook URLs on internal hosts are refused at input on a gateway without WEBHOOK_ALLOW_PRIVATE
 * (the stack's own gateway allows them, for the tests' local receivers): a replica here runs
 * without it.
 */
describe('webhook url: internal hosts refused at input', () => {
  let replica: GatewayReplica;
  let p: TestProject;
  beforeAll(async () => {
    replica = await startGatewayReplica({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    p = await createProject('webhook-host');
  });
  afterAll(async () => {
    await replica?.close();
  });
  const on = (method: string, path: string, body?: unknown) => call(method, path, { key: p.fullKey, body, base: replica.baseUrl });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://10.0.0.7/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://localhost/hook',
    'https://mongo/',
    'http://delivery-service:50053/',
    'https://gateway.herald.svc/hook',
    'https://mongo.herald.svc.cluster.local/',
    'https://printer.local/hook',
    'https://metadata.google.internal/computeMetadata/v1',
  ])('when a webhook is created or changed to %s, then 400 validation_failed on url, and nothing is stored', async (url) => {
    const created = await on('POST', '/webhooks', { url });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: 'url', invalid_value: url })] });
    expect(created.body.errors[0].message).toMatch(/public host/);

    const kept = await on('POST', '/webhooks', { url: 'https://hooks.example.com/herald' });
    expect(kept.status).toBe(201);
    const id = kept.body.data.webhook.id;
    const changed = await on('PATCH', `/webhooks/${id}`, { url });
    expect(changed.status).toBe(400);
    expect((await on('GET', `/webhooks/${id}`)).body.data.url).toBe('https://hooks.example.com/herald');
    expect((await on('DELETE', `/webhooks/${id}`)).status).toBe(200);
  });
});
