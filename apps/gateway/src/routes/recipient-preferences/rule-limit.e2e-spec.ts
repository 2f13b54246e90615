import { LIMITS } from '@herald/contracts';
import { MongoClient, type Db } from 'mongodb';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

/**
 * Rules for uncataloged targets could grow one recipient's rules without bound through a
 * browser-held token. A recipient has at most LIMITS.preferenceRulesPerRecipientMax rules.
 */
describe('preference rules per recipient are bounded', () => {
  let p: TestProject;
  let mongo: MongoClient;
  beforeAll(async () => {
    p = await createProject('rule-limit');
    mongo = await MongoClient.connect(process.env.MONGO_URL!);
  });
  afterAll(async () => {
    await mongo?.close();
  });

  const setRule = (key: string, rid: string, channel: string, enabled = false) =>
    call('PATCH', `/recipients/${rid}/preferences`, { key, body: { target: { channel, topic: 'none', event: 'e' }, medium: 'in_app', state: { enabled } } });

  /** The preference service's database: the one holding this recipient's first rule. */
  async function preferenceDb(rid: string): Promise<Db> {
    const { databases } = await mongo.db().admin().listDatabases({ nameOnly: true });
    for (const { name } of databases.filter((d) => d.name.endsWith('_preference'))) {
      if (await mongo.db(name).collection('recipient_rule_entries').findOne({ p: p.id, r: rid })) return mongo.db(name);
    }
    throw new Error('preference database not found');
  }

  it('when a recipient holds the maximum number of rules, then a new rule is 409 preference_limit_exceeded (token and key alike), and existing rules still change', async () => {
    const max = LIMITS.preferenceRulesPerRecipientMax;
    const rid = uniqueId('many');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: rid } })).status).toBe(201);
    const token = (await call('POST', `/recipients/${rid}/tokens`, { key: p.fullKey, body: {} })).body.data.token as string;
    expect((await setRule(token, rid, 'c-0')).status).toBe(200);
    // The next max - 2 rules written straight to the store (as max - 2 PATCHes would leave them).
    const db = await preferenceDb(rid);
    const at = Date.now();
    await db.collection('recipient_rule_entries').insertMany(
      Array.from({ length: max - 2 }, (_, i) => ({ p: p.id, r: rid, m: 'in_app', c: `bulk-${i}`, e: 'e', t: 'none', on: false, at })),
    );
    // The last one allowed, through the token.
    expect((await setRule(token, rid, 'c-last')).status).toBe(200);
    for (const [key, channel] of [
      [token, 'c-over'],
      [p.fullKey, 'c-over-key'],
    ]) {
      const over = await setRule(key, rid, channel);
      expect(over.status).toBe(409);
      expect(over.body).toEqual({ message: expect.stringContaining(String(max)), code: 'preference_limit_exceeded' });
    }
    // Changing a rule the recipient has is not a new rule.
    const change = await setRule(token, rid, 'c-0', true);
    expect([change.status, change.body.data?.state?.enabled]).toEqual([200, true]);
    expect(await db.collection('recipient_rule_entries').countDocuments({ p: p.id, r: rid })).toBe(max);
    // Another recipient of the project is not affected.
    const other = uniqueId('few');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: other } })).status).toBe(201);
    expect((await setRule(p.fullKey, other, 'c-over')).status).toBe(200);
  });
});
