import { call, createProject, uniqueId } from '../../testing/rest-client';

jest.setTimeout(180_000);

/** The e2e stack's list limits (tools/jest/setup-stack.cjs): 40 lists and 5,000 subscriptions per project. */
const LISTS_PER_PROJECT = 40;
const SUBSCRIPTIONS_PER_PROJECT = 5000;

describe('list limits', () => {
  it('when a project holds as many lists as it may, then one more is 409 list_limit_reached and nothing is created', async () => {
    const p = await createProject('list-limit');
    for (let i = 0; i < LISTS_PER_PROJECT; i++) expect((await call('POST', '/lists', { key: p.fullKey, body: { key: `l-${i}`, name: 'L' } })).status).toBe(201);
    const over = await call('POST', '/lists', { key: p.fullKey, body: { key: 'one-more', name: 'L' } });
    expect([over.status, over.body.code]).toEqual([409, 'list_limit_reached']);
    expect((await call('GET', '/lists/one-more', { key: p.fullKey })).status).toBe(404);
  });

  it('when a subscribe would pass the subscription limit, then 409 subscription_limit_reached and neither subscriptions nor recipients are written', async () => {
    const p = await createProject('subscription-limit');
    const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.fullKey, body });
    expect((await as('POST', '/lists', { key: 'full', name: 'Full' })).status).toBe(201);
    const prefix = uniqueId('cap');
    for (let batch = 0; batch < SUBSCRIPTIONS_PER_PROJECT / 1000; batch++) {
      const ids = Array.from({ length: 1000 }, (_, i) => `${prefix}-${batch}-${i}`);
      expect((await as('PUT', '/lists/full/subscriptions', { recipient_ids: ids })).body.data.subscribed).toBe(1000);
    }
    const over = await as('PUT', '/lists/full/subscriptions', { recipient_ids: [`${prefix}-new`] });
    expect([over.status, over.body.code]).toEqual([409, 'subscription_limit_reached']);
    expect((await as('GET', `/recipients/${prefix}-new`)).status).toBe(404);
    expect((await as('GET', '/lists/full')).body.data.subscriber_count).toBe(SUBSCRIPTIONS_PER_PROJECT);
    // Ids already subscribed do not count: subscribing them again at the limit is fine.
    expect((await as('PUT', '/lists/full/subscriptions', { recipient_ids: [`${prefix}-0-0`] })).body.data).toEqual({ subscribed: 0, already: 1, failed: [] });
  });
});
