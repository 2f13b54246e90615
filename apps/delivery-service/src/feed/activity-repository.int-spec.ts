import { MongoClient, type Db } from 'mongodb';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { createActivityRepository, type ActivityQuery } from './activity-repository';

const PROJECT = 7;
const T0 = Date.UTC(2026, 2, 2, 9);
const NOT_REQUESTED = { status: 'not_requested' as const, reason: null, address: null, message_id: null, attempts: 0, sent_at: null, error: null };

/** 40 notifications over 8 instants, 5 created at each (ties broken by id), ids not in time order. */
function notifications(): NotificationDoc[] {
  return Array.from({ length: 40 }, (_, i) => {
    const createdAt = new Date(T0 + Math.floor(i / 5) * 60_000);
    return {
      _id: 1000 + ((i * 17) % 40),
      project_id: i % 13 === 0 ? PROJECT + 1 : PROJECT,
      recipient_id: i % 2 === 0 ? 'ann' : 'bob',
      broadcast_id: null,
      target: { channel: 'billing', topic: 'invoice', event: 'paid' },
      payload_json: JSON.stringify({ i }),
      read: false,
      opened: false,
      status: i % 3 === 0 ? ('failed' as const) : ('delivered' as const),
      email: NOT_REQUESTED,
      email_content: null,
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}

/** Newest first by creation time, then id: what every page must follow. */
const newestFirst = (a: NotificationDoc, b: NotificationDoc) => b.created_at.getTime() - a.created_at.getTime() || b._id - a._id;

describe('activity repository: pages newest first, from the cursor on', () => {
  const client = new MongoClient(process.env.MONGO_URL!);
  let db: Db;
  const docs = notifications();

  beforeAll(async () => {
    await client.connect();
    db = client.db(`test_activity_${Math.random().toString(36).slice(2, 8)}`);
    await createActivityRepository(db).ensureIndexes();
    await db.collection<NotificationDoc>('notifications').insertMany(docs);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await client.close();
  });

  /** Every page of a query of `limit`, each next one after the last notification of the one before. */
  async function allPages(q: Omit<ActivityQuery, 'after' | 'limit'>, limit: number): Promise<number[][]> {
    const repo = createActivityRepository(db);
    const pages: number[][] = [];
    let after: ActivityQuery['after'] = null;
    for (;;) {
      const { docs: page } = await repo.list({ ...q, after, limit });
      if (page.length === 0) return pages;
      pages.push(page.map((d) => d._id));
      const last = page[page.length - 1];
      after = { createdAt: last.created_at, id: last._id };
    }
  }

  it.each([
    ['no filter', {}, null, null],
    ['a recipient', { recipient_id: 'ann' }, null, null],
    ['a status', { status: 'failed' }, null, null],
    ['a recipient and a status', { recipient_id: 'bob', status: 'delivered' }, null, null],
    ['a time range', {}, new Date(T0 + 60_000), new Date(T0 + 5 * 60_000)],
    ['a status in a time range', { status: 'delivered' }, new Date(T0 + 2 * 60_000), new Date(T0 + 7 * 60_000)],
  ])('when paging with %s, five at a time across instants of five notifications each, then every match comes once, newest first', async (_label, filter, since, until) => {
    const expected = docs
      .filter((d) => d.project_id === PROJECT && Object.entries(filter).every(([k, v]) => (d as unknown as Record<string, unknown>)[k] === v))
      .filter((d) => (!since || d.created_at >= since) && (!until || d.created_at < until))
      .sort(newestFirst)
      .map((d) => d._id);
    for (const limit of [3, 5, 7]) {
      const pages = await allPages({ projectId: PROJECT, filter, since, until }, limit);
      expect(pages.flat()).toEqual(expected);
      expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
    }
  });

  it('when the cursor lies after the time range, then the page starts at the range', async () => {
    const repo = createActivityRepository(db);
    const until = new Date(T0 + 3 * 60_000);
    const { docs: page } = await repo.list({ projectId: PROJECT, filter: {}, since: null, until, after: { createdAt: new Date(T0 + 6 * 60_000), id: 9999 }, limit: 50 });
    const expected = docs.filter((d) => d.project_id === PROJECT && d.created_at < until).sort(newestFirst).map((d) => d._id);
    expect(page.map((d) => d._id)).toEqual(expected);
  });
});
