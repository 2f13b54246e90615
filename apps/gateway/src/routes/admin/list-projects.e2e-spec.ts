import { adminToken, call, createProject, type RestResponse } from '../../testing/rest-client';

describe('GET /admin/projects', () => {
  it('when projects exist, then pages of them come in id order with a cursor to the next page', async () => {
    const made = [await createProject('list-a'), await createProject('list-b'), await createProject('list-c')];
    const ids: number[] = [];
    let cursor: string | null = String(made[0].id - 1);
    while (cursor) {
      const res: RestResponse = await call('GET', `/admin/projects?limit=2&cursor=${cursor}`, { key: adminToken() });
      expect(res.status).toBe(200);
      expect(res.body.data.projects.length).toBeLessThanOrEqual(2);
      ids.push(...res.body.data.projects.map((p: { id: number }) => p.id));
      cursor = res.body.data.next_cursor;
    }
    expect(ids.slice(0, 3)).toEqual(made.map((p) => p.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // Without a cursor: the first page (default limit 50) of every project, in id order (other tests' projects too).
    const first = await call('GET', '/admin/projects', { key: adminToken() });
    const firstIds = first.body.data.projects.map((p: { id: number }) => p.id);
    expect(firstIds.length).toBeGreaterThan(0);
    expect(firstIds.length).toBeLessThanOrEqual(50);
    expect([...firstIds].sort((a, b) => a - b)).toEqual(firstIds);
    expect(first.body.data.projects[0]).toEqual(expect.objectContaining({ name: expect.any(String), settings: expect.any(Object) }));
  });

  it('when the cursor or limit is not valid, then 400 in the error family; without the admin token, 401', async () => {
    for (const q of ['cursor=abc', 'cursor=-1', 'limit=0', 'limit=1001']) {
      const res = await call('GET', `/admin/projects?${q}`, { key: adminToken() });
      expect([q, res.status, res.body.error]).toEqual([q, 400, 'validation_failed']);
    }
    const project = await createProject('list-auth');
    expect((await call('GET', '/admin/projects', { key: project.fullKey })).status).toBe(401);
  });
});
