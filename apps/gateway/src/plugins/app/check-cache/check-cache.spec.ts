import { createCheckCache, checkRecipientKey, catalogKey, type CheckQuery } from './check-cache';

const query = (recipientId: string, topic = 't', medium = 'in_app', projectId = 1n): CheckQuery => ({ projectId, recipientId, target: { channel: 'c', topic, event: 'e' }, medium });

describe('createCheckCache', () => {
  const setup = (opts: { maxEntries?: number; maxPerRecipient?: number; ttlMs?: number } = {}) => {
    const calls: string[] = [];
    let answer = (q: CheckQuery): Promise<string> => Promise.resolve(`${q.recipientId}/${q.target.topic}/${q.medium}`);
    const checks = createCheckCache<string>({
      load: (q) => (calls.push(`${q.projectId}:${q.recipientId}:${q.target.topic}:${q.medium}`), answer(q)),
      ttlMs: opts.ttlMs ?? 60_000,
      maxEntries: opts.maxEntries ?? 100,
      maxPerRecipient: opts.maxPerRecipient ?? 10,
    });
    return { checks, calls, answerWith: (f: typeof answer) => (answer = f) };
  };

  it('when a (recipient, target, medium) is checked twice, then the service is asked once; any other part asks again', async () => {
    const t = setup();
    expect(await t.checks.check(query('a'))).toBe('a/t/in_app');
    expect(await t.checks.check(query('a'))).toBe('a/t/in_app');
    await t.checks.check(query('a', 'u'));
    await t.checks.check(query('a', 't', 'email'));
    await t.checks.check(query('b'));
    await t.checks.check(query('a', 't', 'in_app', 2n));
    expect(t.calls).toEqual(['1:a:t:in_app', '1:a:u:in_app', '1:a:t:email', '1:b:t:in_app', '2:a:t:in_app']);
  });

  it('when target parts would run together, then they are still told apart', async () => {
    const t = setup();
    await t.checks.check({ projectId: 1n, recipientId: 'a', target: { channel: 'x', topic: 'y,z', event: 'e' }, medium: 'in_app' });
    await t.checks.check({ projectId: 1n, recipientId: 'a', target: { channel: 'x,y', topic: 'z', event: 'e' }, medium: 'in_app' });
    expect(t.calls).toHaveLength(2);
  });

  it("when a recipient's rules change (announcement or this replica's write), then all its answers are asked again and others are kept", async () => {
    const t = setup();
    await Promise.all([t.checks.check(query('a')), t.checks.check(query('a', 'u')), t.checks.check(query('b'))]);
    t.checks.invalidatable.delete(checkRecipientKey(1n, 'a'));
    await Promise.all([t.checks.check(query('a')), t.checks.check(query('a', 'u')), t.checks.check(query('b'))]);
    expect(t.calls.filter((c) => c.startsWith('1:a:'))).toHaveLength(4);
    t.checks.forgetRecipient(1n, 'a');
    await t.checks.check(query('a'));
    expect(t.calls.filter((c) => c.startsWith('1:a:'))).toHaveLength(5);
    expect(t.calls.filter((c) => c.startsWith('1:b:'))).toHaveLength(1);
  });

  it('when a catalog changes, then every answer is asked again', async () => {
    const t = setup();
    await Promise.all([t.checks.check(query('a')), t.checks.check(query('b', 't', 'in_app', 2n))]);
    t.checks.invalidatable.delete(catalogKey(1n));
    await Promise.all([t.checks.check(query('a')), t.checks.check(query('b', 't', 'in_app', 2n))]);
    t.checks.forgetCatalog(1n);
    await t.checks.check(query('a'));
    expect(t.calls).toHaveLength(5);
  });

  it("when the recipient's rules change while a check is in flight, then that answer is returned but not kept", async () => {
    const t = setup();
    let release: (v: string) => void = () => undefined;
    t.answerWith(() => new Promise((r) => (release = r)));
    const pending = t.checks.check(query('a'));
    t.checks.invalidatable.delete(checkRecipientKey(1n, 'a'));
    release('old');
    expect(await pending).toBe('old');
    t.answerWith(async () => 'new');
    expect(await t.checks.check(query('a'))).toBe('new');
  });

  it('when a recipient has more answers than its bound, then its answers start again (and stay forgettable)', async () => {
    const t = setup({ maxPerRecipient: 2 });
    for (const topic of ['1', '2', '3']) await t.checks.check(query('a', topic));
    await t.checks.check(query('a', '3'));
    expect(t.calls).toHaveLength(3);
    await t.checks.check(query('a', '1'));
    expect(t.calls).toHaveLength(4);
    t.checks.forgetRecipient(1n, 'a');
    await t.checks.check(query('a', '3'));
    expect(t.calls).toHaveLength(5);
  });

  it('when more recipients than the bound are indexed, then everything starts again rather than leave answers unforgettable', async () => {
    const t = setup({ maxEntries: 2 });
    for (const r of ['a', 'b', 'c']) await t.checks.check(query(r));
    await t.checks.check(query('a'));
    expect(t.calls).toEqual(['1:a:t:in_app', '1:b:t:in_app', '1:c:t:in_app', '1:a:t:in_app']);
  });

  it('when the service fails, then the error propagates and nothing is kept', async () => {
    const t = setup();
    t.answerWith(async () => Promise.reject(new Error('unavailable')));
    await expect(t.checks.check(query('a'))).rejects.toThrow('unavailable');
    t.answerWith(async () => 'ok');
    expect(await t.checks.check(query('a'))).toBe('ok');
    expect(t.calls).toHaveLength(2);
  });

  it('when offline (NATS down), then nothing is kept', async () => {
    const t = setup();
    t.checks.invalidatable.setOnline(false);
    await t.checks.check(query('a'));
    await t.checks.check(query('a'));
    expect(t.calls).toHaveLength(2);
  });
});
