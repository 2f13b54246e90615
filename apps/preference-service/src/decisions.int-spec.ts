import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { Decision } from '@herald/contracts';
import { newProject, startPreferenceService, uniqueDbName, type TestPreferenceService } from './testing/start-preference-service';

const deploys = { channel: 'ci', topic: 'deploys', event: 'failed' };
const anyTopic = { ...deploys, topic: 'any' };
const base = { ...deploys, topic: 'none' };

const plainTarget = (t: { channel: string; topic: string; event: string } | undefined) => t && { channel: t.channel, topic: t.topic, event: t.event };

/** A decision as plain data (ids as numbers, times as Dates) for comparisons. */
const plain = (d: Decision | undefined) => ({
  because: d?.because,
  rule: d?.recipientRule && {
    target: plainTarget(d.recipientRule.target),
    medium: d.recipientRule.medium,
    enabled: d.recipientRule.enabled,
    setAt: d.recipientRule.setAt && timestampDate(d.recipientRule.setAt),
    setVia: d.recipientRule.setVia,
  },
  entry: d?.catalogEntry && {
    id: Number(d.catalogEntry.id),
    label: d.catalogEntry.label,
    target: plainTarget(d.catalogEntry.target),
    medium: d.catalogEntry.medium,
    defaultEnabled: d.catalogEntry.defaultEnabled,
    mandatory: d.catalogEntry.mandatory,
  },
});

describe('PreferenceService decisions (what decided, and who set it)', () => {
  let svc: TestPreferenceService;
  beforeAll(async () => {
    svc = await startPreferenceService(uniqueDbName('pref_decisions'));
  });
  afterAll(async () => {
    await svc.close();
  });

  const catalog = async (projectId: bigint, target: typeof deploys, medium: string, defaultEnabled: boolean, mandatory = false) =>
    (await svc.client.createCatalogEntry({ projectId, entry: { target, medium, name: `${target.topic} ${medium}`, defaultEnabled, mandatory } })).entry!;
  const set = (projectId: bigint, recipientId: string, target: typeof deploys, enabled: boolean, setVia = '') =>
    svc.client.setPreference({ projectId, recipientId, target, medium: 'email', enabled, setVia });

  it('when a batch mixes recipients with and without deciding rules, then those without share one decision and each rule decides for its own', async () => {
    const projectId = newProject();
    const exact = await catalog(projectId, deploys, 'email', true);
    await catalog(projectId, anyTopic, 'email', false);
    const before = new Date();
    await set(projectId, 'exact-off', deploys, false, 'recipient_token');
    await set(projectId, 'any-off', anyTopic, false, 'unsubscribe_link');
    await set(projectId, 'other-target', base, false, 'api_key');
    await set(projectId, 'unrecorded', deploys, true);
    const after = new Date();

    const ids = ['plain', 'exact-off', 'any-off', 'other-target', 'unknown', 'exact-off', 'unrecorded'];
    const res = await svc.client.resolveBatch({ projectId, target: deploys, medium: 'email', recipientIds: ids });
    expect(res.enabled).toEqual([true, false, false, true, true, false, true]);
    expect(res.decisionOf).toHaveLength(ids.length);
    const of = (i: number) => plain(res.decisions[res.decisionOf[i]]);

    // Four distinct decisions: the catalog's (shared by plain, other-target, unknown) and three rules.
    expect(res.decisions).toHaveLength(4);
    expect(new Set(res.decisionOf).size).toBe(4);
    expect([res.decisionOf[0], res.decisionOf[3], res.decisionOf[4]]).toEqual([res.decisionOf[0], res.decisionOf[0], res.decisionOf[0]]);
    expect(res.decisionOf[5]).toBe(res.decisionOf[1]);
    expect(of(0)).toEqual({
      because: 'catalog_entry',
      rule: undefined,
      entry: { id: Number(exact.id), label: 'deploys email', target: deploys, medium: 'email', defaultEnabled: true, mandatory: false },
    });
    expect(of(1)).toMatchObject({ because: 'recipient_rule', entry: undefined, rule: { target: deploys, medium: 'email', enabled: false, setVia: 'recipient_token' } });
    expect(of(2)).toMatchObject({ because: 'recipient_topic_any_rule', entry: undefined, rule: { target: anyTopic, medium: 'email', enabled: false, setVia: 'unsubscribe_link' } });
    expect(of(6)).toMatchObject({ because: 'recipient_rule', rule: { target: deploys, enabled: true, setVia: undefined } });
    // set_at is the rule's write time.
    for (const i of [1, 2, 6]) {
      expect(of(i).rule!.setAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(of(i).rule!.setAt!.getTime()).toBeLessThanOrEqual(after.getTime());
    }
    // Each decision agrees with `enabled`.
    ids.forEach((_, i) => expect(of(i).rule?.enabled ?? of(i).entry?.defaultEnabled).toBe(res.enabled[i]));
  });

  it('when the governing entry is mandatory, then every recipient, with rules or not, shares its one decision', async () => {
    const projectId = newProject();
    await set(projectId, 'had-rule', deploys, false, 'api_key');
    const forced = await catalog(projectId, anyTopic, 'email', true, true);
    const res = await svc.client.resolveBatch({ projectId, target: deploys, medium: 'email', recipientIds: ['had-rule', 'plain'] });
    expect(res).toMatchObject({ enabled: [true, true], mandatory: true, decisionOf: [0, 0] });
    expect(res.decisions.map(plain)).toEqual([
      { because: 'mandatory_entry', rule: undefined, entry: { id: Number(forced.id), label: 'any email', target: anyTopic, medium: 'email', defaultEnabled: true, mandatory: true } },
    ]);
  });

  it('when nothing applies, then the medium default decides, with neither rule nor entry; an empty batch has no decisions', async () => {
    const projectId = newProject();
    const res = await svc.client.resolveBatch({ projectId, target: base, medium: 'in_app', recipientIds: ['a', 'b'] });
    expect(res.decisions.map(plain)).toEqual([{ because: 'medium_default', rule: undefined, entry: undefined }]);
    expect(res.decisionOf).toEqual([0, 0]);
    const empty = await svc.client.resolveBatch({ projectId, target: base, medium: 'in_app', recipientIds: [] });
    expect([empty.decisions, empty.decisionOf]).toEqual([[], []]);
  });

  it('when a rule is set through a recipient token, then check reports it with set_at; rewritten without saying, set_via is null', async () => {
    const projectId = newProject();
    const check = async () => plain((await svc.client.checkPreference({ projectId, recipientId: 'r', target: deploys, medium: 'email' })).decision);
    expect(await check()).toEqual({ because: 'medium_default', rule: undefined, entry: undefined });
    const t0 = Date.now();
    await set(projectId, 'r', deploys, true, 'recipient_token');
    const first = await check();
    expect(first).toMatchObject({ because: 'recipient_rule', rule: { target: deploys, medium: 'email', enabled: true, setVia: 'recipient_token' } });
    expect(first.rule!.setAt!.getTime()).toBeGreaterThanOrEqual(t0);
    await set(projectId, 'r', deploys, true);
    const second = await check();
    expect(second.rule).toMatchObject({ enabled: true, setVia: undefined });
    expect(second.rule!.setAt!.getTime()).toBeGreaterThanOrEqual(first.rule!.setAt!.getTime());
  });

  it('when check resolves each step, then it names the step and the very rule or entry', async () => {
    const projectId = newProject();
    const check = async (recipientId: string, target: typeof deploys, medium = 'email') =>
      plain((await svc.client.checkPreference({ projectId, recipientId, target, medium })).decision);
    const anyEntry = await catalog(projectId, anyTopic, 'email', true);
    expect(await check('r', deploys)).toMatchObject({ because: 'catalog_topic_any_entry', entry: { id: Number(anyEntry.id) } });
    const exactEntry = await catalog(projectId, deploys, 'email', false);
    expect(await check('r', deploys)).toMatchObject({ because: 'catalog_entry', entry: { id: Number(exactEntry.id), defaultEnabled: false } });
    await set(projectId, 'r', anyTopic, true, 'api_key');
    expect(await check('r', deploys)).toMatchObject({ because: 'recipient_topic_any_rule', rule: { target: anyTopic, setVia: 'api_key' } });
    await set(projectId, 'r', deploys, false, 'unsubscribe_link');
    expect(await check('r', deploys)).toMatchObject({ because: 'recipient_rule', rule: { target: deploys, enabled: false, setVia: 'unsubscribe_link' } });
    expect(await check('r', base, 'in_app')).toEqual({ because: 'medium_default', rule: undefined, entry: undefined });
    await svc.client.updateCatalogEntry({ projectId, id: exactEntry.id, mandatory: true });
    expect(await check('r', deploys)).toMatchObject({ because: 'mandatory_entry', entry: { id: Number(exactEntry.id), mandatory: true } });
  });
});
