import { eventually } from '@herald/testing';
import {
  HeraldClient,
  HeraldConflictError,
  HeraldNotFoundError,
  HeraldPermissionError,
  HeraldValidationError,
  type FetchLike,
} from './index';

/** The SDK against the real stack of the e2e project (HERALD_BASE_URL, HERALD_ADMIN_TOKEN). */
const baseUrl = () => process.env.HERALD_BASE_URL!;
const unique = (p: string) => `${p}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

async function newProject(settings: Record<string, unknown> = {}) {
  const admin = new HeraldClient({ baseUrl: baseUrl(), apiKey: process.env.HERALD_ADMIN_TOKEN! });
  const { data } = await admin.admin.createProject({ name: unique('sdk'), settings });
  const full = data.keys.find((k) => k.scope === 'full')!.key;
  return { projectId: data.project.id, full };
}


describe('HeraldClient against the real stack', () => {
  let client: HeraldClient;

  beforeAll(async () => {
    const p = await newProject({ rate_limit_per_second: null });
    client = new HeraldClient({ baseUrl: baseUrl(), apiKey: p.full });
  });

  it('when a recipient is created and read, then the typed resource comes back', async () => {
    const id = unique('alice');
    const created = await client.recipients.create({ id, name: 'Alice' });
    expect(created.data).toEqual({ id, name: 'Alice', created_at: expect.any(String), updated_at: expect.any(String) });
    expect((await client.recipients.get(id)).data.name).toBe('Alice');
  });

  it('when the server refuses, then typed errors carry either family: code, message, violations, request id', async () => {
    const missing = await client.recipients.get(unique('nobody')).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HeraldNotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'recipient_not_found', family: 'message', message: 'Recipient not found', requestId: expect.any(String) });

    const noEntry = await client.catalog.get(999_999_999).catch((e: unknown) => e);
    expect(noEntry).toBeInstanceOf(HeraldNotFoundError);
    expect(noEntry).toMatchObject({ status: 404, code: 'preference_not_found', family: 'error' });

    const invalid = await client.contacts.add(unique('nobody'), { medium: 'carrier-pigeon' as 'sms', address: 'x' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(HeraldValidationError);
    expect((invalid as HeraldValidationError).errors.map((v) => v.property_path)).toContain('medium');

    const id = unique('dup');
    await client.recipients.create({ id });
    await expect(client.recipients.create({ id })).rejects.toBeInstanceOf(HeraldConflictError);
  });

  it('when listing with a small page size, then the iterator follows cursors to every recipient in creation order', async () => {
    const p = await newProject({ rate_limit_per_second: null });
    const own = new HeraldClient({ baseUrl: baseUrl(), apiKey: p.full });
    const ids = Array.from({ length: 5 }, (_, i) => `page-${i}`);
    await own.recipients.batch(ids.map((id) => ({ id })));
    const seen: string[] = [];
    for await (const r of own.recipients.list({ limit: 2 })) seen.push(r.id);
    expect(seen).toEqual(ids);
  });

  it('when a send is repeated with the same Idempotency-Key, then one notification; without one, each send is its own', async () => {
    const recipient = unique('idem');
    const key = unique('key');
    const first = await client.notifications.send({ recipient_id: recipient, payload: { title: 'once' } }, { idempotencyKey: key });
    const again = await client.notifications.send({ recipient_id: recipient, payload: { title: 'once' } }, { idempotencyKey: key });
    expect(again.data.notification!.id).toBe(first.data.notification!.id);
    const other = await client.notifications.send({ recipient_id: recipient, payload: { title: 'once' } });
    expect(other.data.notification!.id).not.toBe(first.data.notification!.id);
  });

  it('when the project rate limit answers 429, then sends are retried after Retry-After with the same key and all succeed once', async () => {
    const p = await newProject({ rate_limit_per_second: 1 });
    const statuses: number[] = [];
    const idempotencyKeys: string[] = [];
    const spy: FetchLike = async (input, init) => {
      const res = await fetch(input, init);
      statuses.push(res.status);
      const headers = new Headers(init?.headers as Record<string, string>);
      if (headers.get('idempotency-key')) idempotencyKeys.push(headers.get('idempotency-key')!);
      return res;
    };
    const limited = new HeraldClient({ baseUrl: baseUrl(), apiKey: p.full, fetch: spy, retry: { retries: 5 } });
    const recipient = unique('burst');
    const sent = await Promise.all([1, 2, 3, 4].map((n) => limited.notifications.send({ recipient_id: recipient, payload: { n } })));
    expect(statuses).toContain(429);
    expect(new Set(sent.map((s) => s.data.notification!.id)).size).toBe(4);
    // Every retry of a send reused that send's key: 4 distinct keys over all attempts.
    expect(new Set(idempotencyKeys).size).toBe(4);
    expect(idempotencyKeys.length).toBe(statuses.length);
  });

  it('when a feed is longer than a page, then feed() yields it newest first across pages, and flags update', async () => {
    const recipient = unique('feed');
    for (const n of [1, 2, 3]) await client.notifications.send({ recipient_id: recipient, payload: { title: `n${n}` } });
    await eventually('3 unread', async () => (await client.notifications.unreadCount(recipient)).data.unread_count === 3);
    const titles: unknown[] = [];
    for await (const n of client.notifications.feed(recipient, { limit: 2 })) titles.push((n.payload as { title: string }).title);
    expect(titles).toEqual(['n3', 'n2', 'n1']);
    const { data: page } = await client.notifications.page(recipient, { limit: 1 });
    const updated = await client.notifications.update(recipient, page.notifications[0].id, { read: true });
    expect(updated.data.read).toBe(true);
    expect((await client.notifications.markAllRead(recipient)).data.updated).toBe(2);
  });

  it('when subscribed, then live notifications, flag updates and unread counts arrive; a resubscription with lastEventId replays what was missed', async () => {
    const recipient = unique('live');
    await client.recipients.create({ id: recipient });
    const { data } = await client.tokens.create(recipient, { ttl_seconds: 60 });
    const browser = new HeraldClient({ baseUrl: baseUrl(), apiKey: data.token });
    const arrived: string[] = [];
    const counts: number[] = [];
    const updated: number[] = [];
    const sub = browser.subscribe(recipient, {
      notification: (n) => arrived.push((n.payload as { title: string }).title),
      updated: (n) => updated.push(n.id),
      unreadCount: (c) => counts.push(c),
    });
    try {
      await eventually('the live feed open with a count', () => sub.state === 'open' && counts.length > 0);
      const sent = await client.notifications.send({ recipient_id: recipient, payload: { title: 'live 1' } });
      await eventually('the first live notification arrived', () => arrived.includes('live 1'));
      await client.notifications.update(recipient, sent.data.notification!.id, { read: true });
      await eventually('the read state and a zero count arrived live', () => updated.includes(sent.data.notification!.id) && counts.at(-1) === 0);
    } finally {
      sub.close();
    }
    const resumeFrom = sub.lastEventId!;
    expect(resumeFrom).toEqual(expect.any(String));
    await client.notifications.send({ recipient_id: recipient, payload: { title: 'missed' } });
    await eventually('1 unread', async () => (await client.notifications.unreadCount(recipient)).data.unread_count === 1);
    const replayed: string[] = [];
    const again = browser.subscribe(recipient, { notification: (n) => replayed.push((n.payload as { title: string }).title) }, { lastEventId: resumeFrom });
    try {
      await eventually('the missed notification replayed', () => replayed.includes('missed'));
      expect(replayed).not.toContain('live 1');
    } finally {
      again.close();
    }
  });

  it("when a browser holds a recipient token, then it reads that recipient's feed and is refused another's", async () => {
    const mine = unique('tok');
    await client.recipients.create({ id: mine });
    const { data } = await client.tokens.create(mine, { ttl_seconds: 60 });
    const browser = new HeraldClient({ baseUrl: baseUrl(), apiKey: () => data.token });
    expect((await browser.notifications.unreadCount(mine)).data.unread_count).toBe(0);
    await expect(browser.notifications.unreadCount(unique('other'))).rejects.toBeInstanceOf(HeraldPermissionError);
  });
});
