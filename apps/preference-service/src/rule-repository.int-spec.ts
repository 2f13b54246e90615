import { connectMongo, type MongoHandle } from '@herald/service-kit';
import { keyOf } from './domain/targets';
import { createRuleRepository, type RuleRepository } from './store/rule-repository';
import { newProject, uniqueDbName } from './testing/start-preference-service';

describe('rule repository against the real store', () => {
  let mongo: MongoHandle;
  let rules: RuleRepository;
  beforeAll(async () => {
    mongo = await connectMongo(process.env.MONGO_URL!, uniqueDbName('pref_rulerepo'), 'test');
    rules = createRuleRepository(mongo.db);
    await rules.ensureIndexes();
  });
  afterAll(async () => {
    await mongo.db.dropDatabase();
    await mongo.close();
  });

  const odd = { channel: 'a.b$c', topic: 'x|y', event: '%20' };

  it('when rules with awkward characters are set, then they read back exactly, per recipient and project', async () => {
    const projectId = Number(newProject());
    const at = new Date('2030-01-01T00:00:00.123Z');
    await rules.set(projectId, 'r:1', { target: odd, medium: 'email', enabled: true, updatedAt: at, setVia: null });
    await rules.set(projectId, 'r:1', { target: odd, medium: 'in_app', enabled: false, updatedAt: at, setVia: null });
    await rules.set(projectId, 'r:1', { target: odd, medium: 'email', enabled: false, updatedAt: at, setVia: null }); // overwrite
    const set = await rules.findForRecipient(projectId, 'r:1');
    expect([...set.values()].sort((a, b) => a.medium.localeCompare(b.medium))).toEqual([
      { target: odd, medium: 'email', enabled: false, updatedAt: at, setVia: null },
      { target: odd, medium: 'in_app', enabled: false, updatedAt: at, setVia: null },
    ]);
    expect(set.get(keyOf(odd, 'email'))?.enabled).toBe(false);
    expect((await rules.findForRecipient(projectId + 1, 'r:1')).size).toBe(0);
    const many = await rules.findForRecipients(projectId, ['r:1', 'nobody']);
    expect([...many.keys()]).toEqual(['r:1']);
  });

  it('when a rule is set through something, then its set_at and set_via are stored; a write not saying clears set_via', async () => {
    const projectId = Number(newProject());
    const target = { channel: 'billing', topic: 'any', event: 'invoice.paid' };
    const read = async () => (await rules.findForRecipient(projectId, 'r')).get(keyOf(target, 'email'));
    const t1 = new Date('2030-01-01T00:00:01.250Z');
    await rules.set(projectId, 'r', { target, medium: 'email', enabled: false, updatedAt: t1, setVia: 'unsubscribe_link' });
    expect(await read()).toEqual({ target, medium: 'email', enabled: false, updatedAt: t1, setVia: 'unsubscribe_link' });
    const t2 = new Date('2030-01-02T00:00:00.000Z');
    await rules.set(projectId, 'r', { target, medium: 'email', enabled: true, updatedAt: t2, setVia: 'recipient_token' });
    expect(await read()).toEqual({ target, medium: 'email', enabled: true, updatedAt: t2, setVia: 'recipient_token' });
    await rules.set(projectId, 'r', { target, medium: 'email', enabled: true, updatedAt: t1, setVia: null });
    expect(await read()).toEqual({ target, medium: 'email', enabled: true, updatedAt: t1, setVia: null });
    // The batch read carries the same.
    await rules.set(projectId, 'r', { target, medium: 'email', enabled: false, updatedAt: t2, setVia: 'api_key' });
    expect((await rules.findForRecipients(projectId, ['r'])).get('r')?.get(keyOf(target, 'email'))).toMatchObject({ updatedAt: t2, setVia: 'api_key' });
  });

  it('when a stored rule holds no or an unknown set_via (written before it was recorded), then it reads as null', async () => {
    const projectId = Number(newProject());
    const at = new Date('2030-01-01T00:00:00.000Z');
    const key = { p: projectId, m: 'email', c: 'c', e: 'e', t: 't', on: true, at: at.getTime() };
    await mongo.db.collection('recipient_rule_entries').insertMany([{ ...key, r: 'before' }, { ...key, r: 'odd', via: 'carrier_pigeon' }]);
    const many = await rules.findForRecipients(projectId, ['before', 'odd']);
    for (const r of ['before', 'odd']) expect([...many.get(r)!.values()]).toEqual([{ target: { channel: 'c', topic: 't', event: 'e' }, medium: 'email', enabled: true, updatedAt: at, setVia: null }]);
  });

  it('when an erasure comes, then only rules written at or before it are removed', async () => {
    const projectId = Number(newProject());
    const t = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
    await rules.set(projectId, 'r', { target: odd, medium: 'email', enabled: true, updatedAt: t(1), setVia: null });
    await rules.set(projectId, 'r', { target: odd, medium: 'in_app', enabled: true, updatedAt: t(3), setVia: null });
    expect(await rules.removeWrittenAtOrBefore(projectId, 'r', t(2))).toBe(1);
    expect([...(await rules.findForRecipient(projectId, 'r')).values()].map((x) => x.medium)).toEqual(['in_app']);
    expect(await rules.removeWrittenAtOrBefore(projectId, 'r', t(3))).toBe(1);
    expect((await rules.findForRecipient(projectId, 'r')).size).toBe(0);
    expect(await rules.removeWrittenAtOrBefore(projectId, 'r', t(9))).toBe(0);
  });

  it.each([
    ['spaces around', { channel: 'chan', topic: '  x  ', event: 'e1' }],
    ['tabs and dots', { channel: '\tc.', topic: '.', event: ' . ' }],
    ['dollar and empty-looking', { channel: '$set', topic: '$', event: 'a..b' }],
    ['non-ASCII', { channel: 'kanal', topic: 'thème ✓', event: '\u00a0' }],
  ])('when a rule has awkward strings (%s), then it is data: set, read back and overwritten exactly', async (_name, target) => {
    const projectId = Number(newProject());
    const at = new Date('2030-01-01T00:00:00.000Z');
    await rules.set(projectId, 'r', { target, medium: 'email', enabled: true, updatedAt: at, setVia: null });
    await rules.set(projectId, 'r', { target, medium: 'email', enabled: false, updatedAt: at, setVia: null });
    const set = await rules.findForRecipient(projectId, 'r');
    expect([...set.values()]).toEqual([{ target, medium: 'email', enabled: false, updatedAt: at, setVia: null }]);
    expect(set.get(keyOf(target, 'email'))?.enabled).toBe(false);
    expect((await rules.findForRecipients(projectId, ['r'])).get('r')?.size).toBe(1);
  });

  it('when many rules of one recipient are set at once, then none is lost', async () => {
    const projectId = Number(newProject());
    const at = new Date('2030-01-01T00:00:00.000Z');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => rules.set(projectId, 'r', { target: { channel: 'c', topic: `t${i}`, event: 'e' }, medium: 'in_app', enabled: true, updatedAt: at, setVia: null })),
    );
    expect((await rules.findForRecipient(projectId, 'r')).size).toBe(10);
  });

  it('when a recipient has rules in the former layout (a map keyed by the escaped natural key), then they read back and stay readable after a new write', async () => {
    const projectId = Number(newProject());
    const at = new Date('2030-01-01T00:00:00.000Z');
    await mongo.db.collection('recipient_rules').insertOne({
      _id: `${projectId}:old` as never,
      r: { [keyOf(odd, 'email')]: [true, at.getTime()] },
      at,
    });
    await rules.ensureIndexes(); // a start of the service migrates the former layout
    expect([...(await rules.findForRecipient(projectId, 'old')).values()]).toEqual([{ target: odd, medium: 'email', enabled: true, updatedAt: at, setVia: null }]);
    const other = { channel: 'c', topic: ' t ', event: 'e' };
    await rules.set(projectId, 'old', { target: other, medium: 'in_app', enabled: false, updatedAt: at, setVia: null });
    await rules.set(projectId, 'old', { target: odd, medium: 'email', enabled: false, updatedAt: at, setVia: null });
    const set = await rules.findForRecipient(projectId, 'old');
    expect(set.size).toBe(2);
    expect(set.get(keyOf(odd, 'email'))?.enabled).toBe(false);
    expect(set.get(keyOf(other, 'in_app'))?.enabled).toBe(false);
    expect(await rules.removeWrittenAtOrBefore(projectId, 'old', at)).toBe(2);
    expect((await rules.findForRecipient(projectId, 'old')).size).toBe(0);
  });
});

