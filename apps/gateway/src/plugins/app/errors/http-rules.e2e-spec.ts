import { eventually } from '@herald/testing';
import { adminToken, call, createProject, uniqueId, type JsonBody, type RestResponse, type TestProject } from '../../../testing/rest-client';

describe('general HTTP rules', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('http-rules');
  });

  it('when the body is not valid JSON, then 400 validation_failed with errors, in the message family', async () => {
    const res = await call('POST', '/recipients', { key: p.fullKey, raw: '{"id": "a",' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-api-version')).toBe('1.0');
    expect(res.body).toEqual({
      message: expect.any(String),
      code: 'validation_failed',
      errors: [{ message: expect.any(String), description: expect.any(String), property_path: '', invalid_value: null }],
    });
  });

  it('when the body is not JSON at all, then 400', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }]) {
      const res = await call('POST', '/recipients', { key: p.fullKey, raw: 'id=a', headers });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });

  it.each([[[]], ['"a string"'], [42]])('when the body is the JSON value %j instead of an object, then 400', async (body) => {
    const res = await call('POST', '/recipients', { key: p.fullKey, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: '' })] });
  });

  it('when a number is sent where a string is expected, then 400 (no coercion)', async () => {
    const res = await call('POST', '/recipients', { key: p.fullKey, body: { id: 12345 } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: expect.any(String), description: expect.any(String), property_path: 'id', invalid_value: 12345 }]);
    expect((await call('GET', '/recipients/12345', { key: p.fullKey })).status).toBe(404);
  });

  it('when a boolean is sent as a string, then 400 (no coercion)', async () => {
    const rid = uniqueId();
    await call('POST', '/recipients', { key: p.fullKey, body: { id: rid } });
    const res = await call('POST', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'email', address: 'a@b.c', is_primary: 'false' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ property_path: 'is_primary', invalid_value: 'false' });
  });

  it('when the body is over 1 MiB, then 413 payload_too_large in the path family', async () => {
    const big = JSON.stringify({ id: 'x', name: 'n'.repeat(1024 * 1024) });
    const res = await call('POST', '/recipients', { key: p.fullKey, raw: big });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: expect.any(String), code: 'payload_too_large' });
    expect(res.headers.get('x-api-version')).toBe('1.0');
    const admin = await call('POST', '/admin/projects', { key: adminToken(), raw: big });
    expect(admin.status).toBe(413);
    expect(admin.body).toEqual({ error: 'payload_too_large', details: expect.any(String) });
  });

  it('when a body is just under 1 MiB, then it is read (and judged on its content: the unknown field is named)', async () => {
    const res = await call('POST', '/recipients', { key: p.fullKey, raw: JSON.stringify({ id: uniqueId(), pad: 'x'.repeat(1000 * 1000) }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ property_path: 'pad' })]);
  });

  it.each([
    ['GET', '/no/such/thing', 'message'],
    ['GET', '/recipients/a/b/c/d/e', 'message'],
    ['GET', '/notifications/unknown/route/x', 'message'],
    ['GET', '/preferences/x/y/z', 'error'],
    ['GET', '/admin/nothing', 'error'],
  ])('when %s %s matches no route, then 404 in the %s family, without needing a key', async (method, path, family) => {
    const res = await call(method, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-api-version')).toBe('1.0');
    if (family === 'message') expect(res.body).toEqual({ message: expect.any(String), code: 'not_found' });
    else expect(res.body).toEqual({ error: 'not_found', details: expect.any(String) });
  });

  it('when any response is sent, then it carries X-API-Version: 1.0', async () => {
    const responses = await Promise.all([
      call('GET', '/healthz'),
      call('GET', '/recipients'),
      call('GET', '/recipients', { key: p.fullKey }),
      call('GET', '/recipients/x', { key: p.recipientKey }),
      call('DELETE', '/recipients/x', { key: p.recipientKey }),
      call('GET', '/admin/projects/1'),
    ]);
    for (const res of responses) expect(res.headers.get('x-api-version')).toBe('1.0');
  });

  it('when a request id is sent, then the response carries it; otherwise one is generated', async () => {
    const given = await call('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const generated = await call('GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('rate limit', () => {
  // Token buckets refill with time, and a loaded machine serves slowly: the checks send bursts at
  // once (so some must be refused however slow the gateway is) and bound what passed by what the
  // bucket allows over the time the requests took (burst + rate x elapsed: never too few refusals
  // however long it took). More live gateway replicas only lower a replica's share.
  const burst = async (n: number, send: () => Promise<RestResponse<JsonBody>>) => {
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: n }, send));
    return { results, seconds: (Date.now() - started) / 1000 };
  };

  it('when a key exceeds its project rate (burst 2x), then 429 rate_limited with Retry-After', async () => {
    const p = await createProject('rate-limited', { rate_limit_per_second: 2 });
    const { results, seconds } = await burst(20, () => call('GET', '/recipients/nobody', { key: p.fullKey }));
    const limited = results.filter((r) => r.status === 429);
    const passed = results.filter((r) => r.status === 404).length;
    expect(passed).toBeGreaterThanOrEqual(1);
    expect(passed).toBeLessThanOrEqual(4 + Math.ceil(2 * seconds));
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expect(passed + limited.length).toBe(20);
    expect(limited[0].body).toEqual({ message: expect.any(String), code: 'rate_limited' });
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // The error-family route is refused in its own shape.
    const puts = await burst(20, () => call('PUT', '/recipients/nobody/contacts', { key: p.fullKey, body: { medium: 'email', address: 'a@b.c' } }));
    const refusedPut = puts.results.find((r) => r.status === 429);
    expect(refusedPut?.body).toEqual({ error: 'rate_limited', details: expect.any(String) });

    // Another key of the same project has its own bucket.
    expect((await call('GET', '/recipients/nobody', { key: p.recipientKey })).status).toBe(404);

    // The bucket refills: after a refusal, requests pass again, polled rather than slept for (the
    // exact wait Retry-After names is the token bucket's unit test, on a fake clock).
    const refused = await eventually('a refused request', async () => {
      const r = await call('GET', '/recipients/nobody', { key: p.fullKey });
      return r.status === 429 ? r : undefined;
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await eventually('a request passing again after the refusal', async () => (await call('GET', '/recipients/nobody', { key: p.fullKey })).status === 404);
  });

  it('when the project turns the limit off (null), then the burst a small limit refuses passes', async () => {
    const limitedProject = await createProject('limited', { rate_limit_per_second: 1 });
    const unlimitedProject = await createProject('unlimited', { rate_limit_per_second: null });
    const small = await burst(30, () => call('GET', '/recipients/nobody', { key: limitedProject.fullKey }));
    const refused = small.results.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(30 - (2 + Math.ceil(small.seconds)));
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const off = await burst(30, () => call('GET', '/recipients/nobody', { key: unlimitedProject.fullKey }));
    expect(off.results.map((r) => r.status)).toEqual(Array(30).fill(404));
  });
});
