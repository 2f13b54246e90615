import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

/** GET /recipients?q=: recipients whose id, name or a contact address starts with q, in id order, per project. */
describe('recipient search', () => {
  let p: TestProject;
  const prefix = uniqueId('srch');
  const alpha = `${prefix}-alpha`;
  const beta = `${prefix}-beta`;
  const address = `${uniqueId('quill').toLowerCase()}@example.com`;
  const as = (method: string, url: string, body?: unknown, key = p.fullKey) => call(method, url, { key, body });
  const search = async (q: string, key?: string) => {
    const res = await as('GET', `/recipients?q=${encodeURIComponent(q)}`, undefined, key);
    expect(res.status).toBe(200);
    return res.body.data.recipients.map((r: { id: string }) => r.id);
  };

  beforeAll(async () => {
    p = await createProject('recipient-search');
    expect((await as('POST', '/recipients', { id: alpha, name: 'Zed Quillfeather' })).status).toBe(201);
    expect((await as('POST', '/recipients', { id: beta })).status).toBe(201);
    expect((await as('POST', '/recipients', { id: uniqueId('other'), name: 'Other' })).status).toBe(201);
    expect((await as('POST', `/recipients/${beta}/contacts`, { medium: 'email', address, is_primary: true })).status).toBe(201);
  });

  it('when q starts an id, a name or an address, then the matching recipients answer, in id order, and only those', async () => {
    expect(await search(prefix)).toEqual([alpha, beta]);
    expect(await search('Zed Quill')).toEqual([alpha]);
    expect(await search(address.slice(0, 12))).toEqual([beta]);
    expect(await search('zed quill')).toEqual([]);
    const page = await as('GET', `/recipients?q=${encodeURIComponent(prefix)}&limit=1`);
    expect(page.body.data).toEqual({ recipients: [expect.objectContaining({ id: alpha })], next_cursor: null });
  });

  it("when another project searches, then it finds none of this project's recipients", async () => {
    const other = await createProject('recipient-search-other');
    expect(await search(prefix, other.fullKey)).toEqual([]);
  });

  it('when q is empty or comes with a cursor, then 400 validation_failed names the field', async () => {
    const empty = await as('GET', '/recipients?q=');
    expect([empty.status, empty.body.code, empty.body.errors?.[0]?.property_path]).toEqual([400, 'validation_failed', 'q']);
    const first = await as('GET', '/recipients?limit=1');
    const withCursor = await as('GET', `/recipients?q=${prefix}&cursor=${first.body.data.next_cursor}`);
    expect([withCursor.status, withCursor.body.code, withCursor.body.errors?.[0]?.property_path]).toEqual([400, 'validation_failed', 'cursor']);
  });
});
