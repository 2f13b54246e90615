import { call } from '../../testing/rest-client';

describe('operations endpoints (no key needed)', () => {
  it('when /healthz is asked, then 200 ok with the API version header', async () => {
    const res = await call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-api-version')).toBe('1.0');
  });

  it('when /readyz is asked with every service up, then 200 and each check ok', async () => {
    const res = await call('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: { 'recipient-service': 'ok', 'preference-service': 'ok', 'delivery-service': 'ok', store: 'ok', broker: 'ok' },
    });
  });

  it('when /openapi.json is asked, then an OpenAPI 3.1 document of the REST surface', async () => {
    const res = await call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/recipients', '/recipients/{recipient_id}', '/recipients/batch', '/recipients/{recipient_id}/contacts', '/admin/projects']),
    );
    expect(res.body.paths['/recipients'].post.security).toEqual([{ apiKey: [] }]);
    expect(res.body.paths['/admin/projects'].post.security).toEqual([{ adminToken: [] }]);
    expect(res.body.paths['/healthz'].get.security).toEqual([]);
  });

  it('when /docs is asked, then the rendered reference is served', async () => {
    const res = await call('GET', '/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-api-version')).toBe('1.0');
  });

  it('when /metrics is asked on METRICS_PORT after some requests, then default metrics and request durations by route and status', async () => {
    await call('GET', '/healthz');
    const res = await fetch(process.env.HERALD_GATEWAY_METRICS_URL!);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toMatch(/herald_http_request_duration_seconds_count\{[^}]*method="GET"[^}]*route="\/healthz"[^}]*status_code="200"/);
  });

  it('when /metrics is asked on the public port, then it is not there (metrics have their own port)', async () => {
    const res = await call('GET', '/metrics');
    expect(res.status).toBe(404);
    expect(new URL(process.env.HERALD_GATEWAY_METRICS_URL!).port).not.toBe(new URL(process.env.HERALD_BASE_URL!).port);
  });
});
