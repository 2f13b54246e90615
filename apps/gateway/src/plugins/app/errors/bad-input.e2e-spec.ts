import { connect } from 'node:net';
import { adminToken, baseUrl, call, createProject, uniqueId, type RestResponse, type TestProject } from '../../../testing/rest-client';

/** Bad input: hostile or malformed requests get a 4xx in the path's family, never a 500. */
describe('bad input', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('bad-input');
  });

  const newRecipient = async () => {
    const rid = uniqueId('bad');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: rid } })).status).toBe(201);
    return rid;
  };
  const expectFamily = (res: RestResponse, family: 'message' | 'error', status: number, code: string) => {
    expect(res.status).toBe(status);
    if (family === 'message') expect(res.body).toMatchObject({ message: expect.any(String), code });
    else expect(res.body).toMatchObject({ error: code, details: expect.any(String) });
    expect(res.body.code ?? res.body.error).toMatch(/^[a-z][a-z_]*$/);
  };

  describe('deeply nested JSON', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    it.each([
      ['POST', '/recipients', 'message', () => nested(100_000)],
      ['POST', '/recipients', 'message', () => `{"id":"deep","name":${nested(5_000)}}`],
      ['POST', '/preferences', 'error', () => nested(100_000)],
      ['POST', '/admin/projects', 'error', () => `{"name":"x","settings":${nested(5_000)}}`],
      ['POST', '/notifications/send', 'message', () => `{"recipient_id":"x","payload":{"a":${nested(5_000)}}}`],
    ])('when %s %s gets a body nested too deep, then 400 validation_failed in the %s family', async (method, path, family, body) => {
      const key = path.startsWith('/admin') ? adminToken() : p.fullKey;
      const res = await call(method, path, { key, raw: body() });
      expectFamily(res, family as 'message' | 'error', 400, 'validation_failed');
      expect(res.body.errors).toEqual([expect.objectContaining({ property_path: '' })]);
    });

    it('when a body nests 64 levels, then it is still read (and judged on its content: the unknown field is named)', async () => {
      const res = await call('POST', '/recipients', { key: p.fullKey, raw: `{"id":"${uniqueId('deep')}","extra":${'['.repeat(62)}${']'.repeat(62)}}` });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ property_path: 'extra' })]);
    });

    it('when a body has too many keys or elements, then 400 validation_failed', async () => {
      const manyItems = `{"id":"x","extra":[${Array.from({ length: 200_001 }, () => '0').join(',')}]}`;
      expectFamily(await call('POST', '/recipients', { key: p.fullKey, raw: manyItems }), 'message', 400, 'validation_failed');
    });
  });

  describe('framework errors in the path family', () => {
    it.each([
      ['GET', '/recipients/%zz', 'message'],
      ['GET', '/preferences/%', 'error'],
      ['DELETE', '/admin/projects/%/keys/1', 'error'],
      ['PUT', '/recipients/%E0%A4%A/contacts', 'error'],
    ])('when %s %s has a malformed percent-escape, then 400 in the %s family', async (method, path, family) => {
      const key = path.startsWith('/admin') ? adminToken() : p.fullKey;
      const res = await call(method, path, { key });
      expectFamily(res, family as 'message' | 'error', 400, 'validation_failed');
      expect(res.headers.get('x-api-version')).toBe('1.0');
    });

    it('when a request has an unsupported media type on an error-family path, then 400 validation_failed {error, details}', async () => {
      const res = await call('POST', '/preferences', { key: p.fullKey, raw: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expectFamily(res, 'error', 400, 'validation_failed');
    });

    it('when a method a route does not have is used, then 405 method_not_allowed in the family, Allow naming what the path answers', async () => {
      const put = await call('PUT', '/notifications/send', { key: p.fullKey, body: {} });
      expectFamily(put, 'message', 405, 'method_not_allowed');
      expect(put.headers.get('allow')).toBe('POST');
      const post = await call('POST', '/admin/projects/1', { key: adminToken(), body: {} });
      expectFamily(post, 'error', 405, 'method_not_allowed');
      expect(post.headers.get('allow')).toBe('GET, HEAD, PATCH');
      const query = await call('QUERY', '/recipients', { key: p.fullKey });
      expectFamily(query, 'message', 405, 'method_not_allowed');
      expect(query.headers.get('allow')).toBe('GET, HEAD, POST');
      expectFamily(await call('PUT', '/nowhere', { key: p.fullKey, body: {} }), 'message', 404, 'not_found');
    });
  });

  describe('preference values with surrounding spaces', () => {
    it('when a rule target has leading/trailing spaces or tabs, then it is stored and read back, never a 500', async () => {
      const rid = await newRecipient();
      for (const topic of ['  x  ', '\tx\t', ' ', '.']) {
        const target = { channel: 'chan', topic, event: 'e1' };
        const res = await call('PATCH', `/recipients/${rid}/preferences`, { key: p.fullKey, body: { target, medium: 'email', state: { enabled: false } } });
        expect([res.status, res.body]).toEqual([200, expect.objectContaining({ data: expect.anything() })]);
        const check = await call('GET', `/recipients/${rid}/preferences/check?channel=chan&event=e1&medium=email&topic=${encodeURIComponent(topic)}`, { key: p.fullKey });
        expect([check.status, check.body.data?.state?.enabled]).toEqual([200, false]);
      }
    });
  });

  describe('null bodies', () => {
    it.each([
      ['PATCH', (rid: string) => `/recipients/${rid}`, 'message'],
      ['POST', () => '/recipients', 'message'],
      ['POST', (rid: string) => `/recipients/${rid}/contacts`, 'message'],
      ['PUT', (rid: string) => `/recipients/${rid}/contacts`, 'error'],
      ['PATCH', (rid: string) => `/recipients/${rid}/preferences`, 'message'],
      ['POST', (rid: string) => `/recipients/${rid}/tokens`, 'message'],
      ['POST', () => '/notifications/send', 'message'],
      ['POST', () => '/preferences', 'error'],
      ['PUT', () => '/preferences', 'error'],
      ['POST', () => '/recipients/batch', 'message'],
    ])('when %s %s gets the body null, then 400 validation_failed', async (method, path, family) => {
      const rid = await newRecipient();
      const res = await call(method, path(rid), { key: p.fullKey, raw: 'null' });
      expectFamily(res, family as 'message' | 'error', 400, 'validation_failed');
    });

    it('when the admin PATCH gets the body null, then 400', async () => {
      expectFamily(await call('PATCH', `/admin/projects/${p.id}`, { key: adminToken(), raw: 'null' }), 'error', 400, 'validation_failed');
    });

    it('when a recipient token is minted without a body, then 201 as before', async () => {
      const rid = await newRecipient();
      expect((await call('POST', `/recipients/${rid}/tokens`, { key: p.fullKey })).status).toBe(201);
    });
  });

  describe('out-of-range numeric path ids', () => {
    const huge = ['9007199254740993', '99999999999999999', '9223372036854775808', '9999999999999999999', '123456789012345678901234'];
    it.each(huge)('when a contact id is %s, then 404 contact_not_found', async (id) => {
      const rid = await newRecipient();
      expectFamily(await call('PATCH', `/recipients/${rid}/contacts/${id}`, { key: p.fullKey, body: { is_primary: true } }), 'message', 404, 'contact_not_found');
      expectFamily(await call('DELETE', `/recipients/${rid}/contacts/${id}`, { key: p.fullKey }), 'message', 404, 'contact_not_found');
      expectFamily(await call('POST', `/recipients/${rid}/contacts/${id}/verify`, { key: p.fullKey }), 'message', 404, 'contact_not_found');
    });

    it.each(huge)('when any other numeric path id is %s, then 404 with the resource code', async (id) => {
      const rid = await newRecipient();
      expectFamily(await call('GET', `/preferences/${id}`, { key: p.fullKey }), 'error', 404, 'preference_not_found');
      expectFamily(await call('GET', `/notifications/${id}`, { key: p.fullKey }), 'message', 404, 'notification_not_found');
      expectFamily(await call('GET', `/broadcasts/${id}`, { key: p.fullKey }), 'message', 404, 'broadcast_not_found');
      expectFamily(await call('PATCH', `/recipients/${rid}/notifications/${id}`, { key: p.fullKey, body: { read: true } }), 'message', 404, 'notification_not_found');
      expectFamily(await call('GET', `/admin/projects/${id}`, { key: adminToken() }), 'error', 404, 'project_not_found');
      expectFamily(await call('DELETE', `/admin/projects/${p.id}/keys/${id}`, { key: adminToken() }), 'error', 404, 'key_not_found');
    });
  });

  describe('concurrent catalog upserts', () => {
    it('when the same new entry is upserted by many requests at once, then all answer 200', async () => {
      const q = await createProject('bad-input-race');
      const entry = { channel: 'race', topic: 'none', event: uniqueId('ev'), medium: 'in_app', name: 'Race', default_enabled: true };
      const all = await Promise.all(Array.from({ length: 24 }, () => call('PUT', '/preferences', { key: q.fullKey, body: [entry] })));
      expect(all.map((r) => r.status)).toEqual(all.map(() => 200));
      expect((await call('GET', '/preferences', { key: q.fullKey })).body.data).toHaveLength(1);
    });
  });

  describe('contact address is one addr-spec', () => {
    it.each([
      'v1@a.io,v2@b.io',
      'v1@a.io;v2@b.io',
      'Name <v@a.io>',
      '"q"@a.io',
      'a b@c.io',
      'a@b@c.io',
      'a@b',
      'a@.io',
      'a@b..io',
      'a(c)@b.io',
      'a:b@c.io',
      'a@b.io\u0000',
      `${'a'.repeat(250)}@b.io`,
    ])('when an email address is %j, then 400 validation_failed on address', async (address) => {
      const rid = await newRecipient();
      const res = await call('POST', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'email', address } });
      expectFamily(res, 'message', 400, 'validation_failed');
      expect(res.body.errors).toEqual([expect.objectContaining({ property_path: 'address' })]);
      const put = await call('PUT', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'email', address } });
      expectFamily(put, 'error', 400, 'validation_failed');
    });

    it('when an email address is one plain addr-spec, then it is accepted (trimmed and lowercased)', async () => {
      const rid = await newRecipient();
      const res = await call('POST', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'email', address: '  Ab.C+tag@Sub.Example.IO ' } });
      expect([res.status, res.body.data?.address]).toEqual([201, 'ab.c+tag@sub.example.io']);
    });

    it('when an address of another medium has commas, then it is kept as sent', async () => {
      const rid = await newRecipient();
      expect((await call('POST', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'mobile_push', address: 'token,1' } })).status).toBe(201);
    });

    it('when an sms address is not an E.164 number, then 400 on address', async () => {
      const rid = await newRecipient();
      const res = await call('POST', `/recipients/${rid}/contacts`, { key: p.fullKey, body: { medium: 'sms', address: '+1 555,1' } });
      expect([res.status, res.body.code, res.body.errors?.[0]?.property_path]).toEqual([400, 'validation_failed', 'address']);
    });
  });

  describe('email text bound and control characters in names', () => {
    it('when email.text is over 512 KiB, then 400 validation_failed on email.text', async () => {
      const rid = await newRecipient();
      const res = await call('POST', '/notifications/send', {
        key: p.fullKey,
        body: { recipient_id: rid, email: { subject: 's', html: '<p>x</p>', text: 'x'.repeat(512 * 1024 + 1) } },
      });
      expectFamily(res, 'message', 400, 'validation_failed');
      expect(res.body.errors).toEqual([expect.objectContaining({ property_path: 'email.text' })]);
    });

    it.each(['a\u0000b', 'line\nbreak', 'bell\u0007', 'c1\u0085'])('when a recipient name is %j, then 400 on name', async (name) => {
      const created = await call('POST', '/recipients', { key: p.fullKey, body: { id: uniqueId('nm'), name } });
      expectFamily(created, 'message', 400, 'validation_failed');
      expect(created.body.errors).toEqual([expect.objectContaining({ property_path: 'name' })]);
      const rid = await newRecipient();
      expectFamily(await call('PATCH', `/recipients/${rid}`, { key: p.fullKey, body: { name } }), 'message', 400, 'validation_failed');
      const batch = await call('POST', '/recipients/batch', { key: p.fullKey, body: { recipients: [{ id: uniqueId('nb'), name }] } });
      expect(batch.status).toBe(200);
      expect(batch.body.data.failed).toEqual([expect.objectContaining({ batch_index: 0 })]);
    });

    it('when a catalog entry name has control characters, then 400 validation_failed', async () => {
      const entry = { channel: 'ctl', topic: 'none', event: uniqueId('ev'), name: 'bad\u0000name', default_enabled: true };
      expectFamily(await call('POST', '/preferences', { key: p.fullKey, body: entry }), 'error', 400, 'validation_failed');
      expectFamily(await call('PUT', '/preferences', { key: p.fullKey, body: [entry] }), 'error', 400, 'validation_failed');
      const ok = await call('POST', '/preferences', { key: p.fullKey, body: { ...entry, name: 'Good name' } });
      expect(ok.status).toBe(201);
      expectFamily(await call('PATCH', `/preferences/${ok.body.data.id}`, { key: p.fullKey, body: { name: 'x\u001fy' } }), 'error', 400, 'validation_failed');
    });
  });

  describe('long path parameters (found by the fuzz suite)', () => {
    it('when a recipient id has the maximum 256 characters, even non-ASCII, then every /recipients/{id} route reaches it', async () => {
      for (const id of ['r'.repeat(256), 'é'.repeat(256)]) {
        const path = `/recipients/${encodeURIComponent(id)}`;
        expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
        const got = await call('GET', path, { key: p.fullKey });
        expect([got.status, got.body.data?.id]).toEqual([200, id]);
        expect((await call('GET', `${path}/contacts`, { key: p.fullKey })).status).toBe(200);
        expect((await call('GET', `${path}/notifications`, { key: p.fullKey })).status).toBe(200);
      }
    });

    it('when a path parameter is longer than any valid id, then a 4xx in the family after authentication, not a routing error', async () => {
      const long = `/recipients/${'y'.repeat(2_000)}`;
      expectFamily(await call('GET', long), 'message', 401, 'unauthorized');
      expectFamily(await call('GET', long, { key: p.fullKey }), 'message', 404, 'recipient_not_found');
      expectFamily(await call('PUT', `${long}/contacts`, { key: p.fullKey, body: { medium: 'email', address: 'a@b.io' } }), 'error', 404, 'recipient_not_found');
    });
  });
});

/** Zero 5xx, whatever the path or the way the body comes. */
describe('zero 5xx', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('zero-5xx');
  });

  const expectInFamily = (res: RestResponse, family: 'message' | 'error') => {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    if (family === 'message') expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.stringMatching(/^[a-z][a-z_]*$/) }));
    else expect(res.body).toEqual(expect.objectContaining({ error: expect.stringMatching(/^[a-z][a-z_]*$/), details: expect.any(String) }));
  };

  it.each([
    ['PUT', '/recipients//contacts', 'error', { medium: 'email', address: 'a@b.io' }],
    ['GET', '/recipients//contacts', 'message', undefined],
    ['PATCH', '/recipients//contacts/1', 'message', { address: 'a@b.io' }],
    ['GET', '/recipients//preferences', 'message', undefined],
    ['GET', '/recipients//notifications', 'message', undefined],
    ['DELETE', '/admin/projects//keys/1', 'error', undefined],
    ['PATCH', '/preferences/', 'error', { name: 'x' }],
  ])('when %s %s has an empty path segment, then a 4xx in its route family (%s), never a serialization 500', async (method, path, family, body) => {
    const key = path.startsWith('/admin') ? adminToken() : p.fullKey;
    expectInFamily(await call(method, path, { key, body }), family as 'message' | 'error');
  });

  it('when any operation of the document gets an empty value for one of its path parameters, then a 4xx in the family its document declares', async () => {
    const doc = (await call('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>>; responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }>>;
    };
    const problems: string[] = [];
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      const params = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const declared = op.responses['4XX']?.content?.['application/json']?.schema?.$ref;
        if (!declared) continue;
        const family = declared.endsWith('/ErrorFamilyError') ? 'error' : 'message';
        const key = (op.security ?? []).some((s) => 'adminToken' in s) ? adminToken() : p.fullKey;
        for (const empty of params) {
          const path = params.reduce((t, name) => t.replace(`{${name}}`, name === empty ? '' : '1'), template);
          const res = await call(method.toUpperCase(), path, { key, body: ['post', 'put', 'patch'].includes(method) ? {} : undefined });
          checked += 1;
          const body = res.body as Record<string, unknown>;
          const fits = family === 'error' ? typeof body?.error === 'string' && typeof body?.details === 'string' : typeof body?.message === 'string' && typeof body?.code === 'string';
          if (res.status >= 500 || !fits) problems.push(`${method.toUpperCase()} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)} (declared ${family})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('when a body over 1 MiB is sent chunked (no Content-Length), then 413 in the family, and the client finishes its upload without a broken pipe', async () => {
    const url = new URL(baseUrl());
    const outcome = await rawChunkedUpload(Number(url.port), url.hostname, '/recipients', p.fullKey, 8 * 1024 * 1024);
    expect(outcome).toMatchObject({ uploadError: null, uploaded: 8 * 1024 * 1024, status: 413 });
    expect(JSON.parse(outcome.body)).toEqual({ message: expect.stringContaining('exceeds the limit'), code: 'payload_too_large' });
  });

  it('when the request line is over the HTTP parser\'s size limit, then 431 in the contract\'s error shape (both families), not the framework\'s', async () => {
    const res = await fetch(`${baseUrl()}/contact-confirmations/${'x'.repeat(20_000)}`, { method: 'POST', headers: { authorization: `Bearer ${p.fullKey}` } });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ message: expect.any(String), code: 'headers_too_large', error: 'headers_too_large', details: expect.any(String) });
  });
});

/**
 * A chunked upload over a raw socket (no HTTP client that could hide what the server does): writes
 * `bytes` of body, each chunk when the socket takes it, while reading the response. Settles when
 * the upload has been written completely (or failed) and the response has been read (the server
 * answers, then closes or keeps the connection).
 */
function rawChunkedUpload(port: number, host: string, path: string, key: string, bytes: number) {
  return new Promise<{ status: number; body: string; uploadError: string | null; uploaded: number }>((resolve) => {
    const socket = connect(port, host);
    let received = '';
    let uploaded = 0;
    let uploadError: string | null = null;
    let uploadDone = false;
    const response = () => {
      const head = received.indexOf('\r\n\r\n');
      if (head < 0) return null;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      let body = received.slice(head + 4);
      if (/\r\ntransfer-encoding: chunked/i.test(received.slice(0, head))) {
        const m = /^([0-9a-f]+)\r\n/i.exec(body);
        if (!m || body.length < m[0].length + parseInt(m[1], 16)) return null;
        body = body.slice(m[0].length, m[0].length + parseInt(m[1], 16));
      } else {
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(received.slice(0, head))?.[1] ?? -1);
        if (length < 0 || Buffer.byteLength(body) < length) return null;
      }
      return { status, body };
    };
    const settle = () => {
      const r = response();
      if (r && uploadDone) {
        socket.destroy();
        resolve({ ...r, uploadError, uploaded });
      }
    };
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => ((received += d), settle()));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      uploadError ??= err.code ?? err.message;
      uploadDone = true;
      if (!response()) resolve({ status: -1, body: received, uploadError, uploaded });
      else settle();
    });
    socket.on('close', () => {
      if (!uploadDone) {
        uploadError ??= 'closed';
        uploadDone = true;
      }
      const r = response();
      resolve({ status: r?.status ?? -1, body: r?.body ?? received, uploadError, uploaded });
    });
    socket.on('connect', () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const frame = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
      socket.write(frame(Buffer.from('{"id":"chunked","name":"')));
      const pump = () => {
        while (uploaded < bytes && !socket.destroyed) {
          uploaded += chunk.length;
          if (!socket.write(frame(chunk))) return void socket.once('drain', pump);
        }
        if (socket.destroyed) return;
        socket.write(frame(Buffer.from('"}')));
        socket.write('0\r\n\r\n', () => ((uploadDone = true), settle()));
      };
      pump();
    });
  });
}
