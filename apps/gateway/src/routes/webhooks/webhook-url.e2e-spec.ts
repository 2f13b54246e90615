import { call, createProject, type TestProject } from '../../testing/rest-client';

/**
 * The webhook `url` as the OpenAPI document states it (an absolute http(s) URL: `format: uri` and a
 * pattern) and as the gateway takes it: every URL the pattern matches is created, every other one
 * is a 400 on `url`, so the document and the behaviour agree.
 */
describe('webhook url', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('webhook-url');
  });

  it('when the document is read, then url is format uri with a pattern, in the request bodies and in the Webhook object', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const create = doc.paths['/webhooks'].post.requestBody.content['application/json'].schema.properties.url;
    const update = doc.paths['/webhooks/{id}'].patch.requestBody.content['application/json'].schema.properties.url;
    const object = doc.components.schemas.Webhook.properties.url;
    for (const s of [create, update, object]) {
      expect(s).toMatchObject({ type: 'string', format: 'uri', pattern: expect.stringMatching(/^\^\[Hh\]\[Tt\]\[Tt\]\[Pp\]\[Ss\]\?:\/\//) });
      expect(s['x-invalid']).toBeUndefined();
    }
  });

  it.each([
    ['http://127.0.0.1:8080/hook', true],
    ['https://hooks.example.com/a/b?x=1&y=%20#done', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['http://localhost', true],
    ['https://api.example.io:443/v1/herald;x=1', true],
    ['ftp://x.example/', false],
    ['example.com/hook', false],
    ['http:example.com', false],
    ['//example.com/hook', false],
    ['http://user:pw@example.com/', false],
    ['http://example.com:65536/', false],
    ['http://256.0.0.1/', false],
    ['http://example.1/', false],
    ['http://xn--a.com/', false],
    ['http://[::1]/', false],
    ['http://exa mple.com/', false],
    ['http://example.com/a b', false],
    ['http://example.com/%zz', false],
  ])('when a webhook is created with the url %p, then it is accepted: %p, as the documented pattern says', async (url, accepted) => {
    const doc = (await call('GET', '/openapi.json')).body;
    const pattern = new RegExp(doc.paths['/webhooks'].post.requestBody.content['application/json'].schema.properties.url.pattern);
    expect(pattern.test(url)).toBe(accepted);
    const res = await call('POST', '/webhooks', { key: p.fullKey, body: { url } });
    if (accepted) {
      expect(res.status).toBe(201);
      expect((await call('DELETE', `/webhooks/${res.body.data.webhook.id}`, { key: p.fullKey })).status).toBe(200);
    } else {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: 'url', invalid_value: url })] });
      expect(res.body.errors[0].description).toMatch(/absolute http or https URL/);
    }
  });
});
