import { Code } from '@connectrpc/connect';
import { errorOf } from '@herald/testing';
import { newProject, startPreferenceService, uniqueDbName, type TestPreferenceService } from './testing/start-preference-service';

const deploys = { channel: 'ci', topic: 'deploys', event: 'failed' };
const anyTopic = { ...deploys, topic: 'any' };
const base = { ...deploys, topic: 'none' };

describe('PreferenceService recipient preferences', () => {
  let svc: TestPreferenceService;
  beforeAll(async () => {
    svc = await startPreferenceService(uniqueDbName('pref_rules'));
  });
  afterAll(async () => {
    await svc.close();
  });

  const catalog = (projectId: bigint, target: typeof deploys, medium: string, defaultEnabled: boolean, mandatory = false) =>
    svc.client.createCatalogEntry({ projectId, entry: { target, medium, name: `${target.topic} ${medium}`, defaultEnabled, mandatory } });
  const check = async (projectId: bigint, recipientId: string, target: typeof deploys, medium = 'in_app') =>
    (await svc.client.checkPreference({ projectId, recipientId, target, medium })).state;

  it('when nothing is cataloged or set, then in_app resolves enabled and email disabled', async () => {
    const projectId = newProject();
    expect(await check(projectId, 'r1', deploys)).toMatchObject({ enabled: true, inherited: true, cataloged: false, mandatory: false });
    expect(await check(projectId, 'r1', deploys, 'email')).toMatchObject({ enabled: false, inherited: true, cataloged: false, mandatory: false });
  });

  it('when a recipient sets a preference, then it answers enabled/inherited false and check resolves it', async () => {
    const projectId = newProject();
    const res = await svc.client.setPreference({ projectId, recipientId: 'r1', target: deploys, medium: 'email', enabled: true });
    expect(res).toMatchObject({ target: deploys, medium: 'email', state: { enabled: true, inherited: false } });
    expect(await check(projectId, 'r1', deploys, 'email')).toMatchObject({ enabled: true, inherited: false, cataloged: false });
    // in_app is independent of email.
    await svc.client.setPreference({ projectId, recipientId: 'r1', target: deploys, medium: 'in_app', enabled: false });
    expect(await check(projectId, 'r1', deploys, 'in_app')).toMatchObject({ enabled: false, inherited: false });
    expect(await check(projectId, 'r1', deploys, 'email')).toMatchObject({ enabled: true });
    // Another recipient and another project are untouched.
    expect(await check(projectId, 'r2', deploys, 'email')).toMatchObject({ enabled: false, inherited: true });
    expect(await check(newProject(), 'r1', deploys)).toMatchObject({ enabled: true, inherited: true });
  });

  it('when the recipient has an any rule, then it applies to concrete topics but never to topic none', async () => {
    const projectId = newProject();
    await svc.client.setPreference({ projectId, recipientId: 'r', target: anyTopic, medium: 'in_app', enabled: false });
    expect(await check(projectId, 'r', deploys)).toMatchObject({ enabled: false, inherited: true });
    expect(await check(projectId, 'r', base)).toMatchObject({ enabled: true, inherited: true });
  });

  it('when the catalog has an any email entry, then concrete topics are enabled through it, topic none is not', async () => {
    const projectId = newProject();
    await catalog(projectId, anyTopic, 'email', true);
    expect(await check(projectId, 'r', deploys, 'email')).toMatchObject({ enabled: true, cataloged: false });
    expect(await check(projectId, 'r', base, 'email')).toMatchObject({ enabled: false, cataloged: false });
    expect(await check(projectId, 'r', anyTopic, 'email')).toMatchObject({ enabled: true, cataloged: true });
  });

  it('when the governing entry is mandatory, then setting is refused with preference_mandatory and its default applies', async () => {
    const projectId = newProject();
    await svc.client.setPreference({ projectId, recipientId: 'r', target: deploys, medium: 'email', enabled: true });
    await catalog(projectId, deploys, 'email', false, true);
    const err = await errorOf(svc.client.setPreference({ projectId, recipientId: 'r', target: deploys, medium: 'email', enabled: true }));
    expect(err).toMatchObject({ code: 'preference_mandatory', connectCode: Code.FailedPrecondition });
    expect(await check(projectId, 'r', deploys, 'email')).toMatchObject({ enabled: false, mandatory: true, cataloged: true, inherited: false });
    // Mandatory through an any entry.
    await catalog(projectId, anyTopic, 'in_app', true, true);
    expect((await errorOf(svc.client.setPreference({ projectId, recipientId: 'r', target: deploys, enabled: false }))).code).toBe('preference_mandatory');
    // ...which never governs topic none.
    await svc.client.setPreference({ projectId, recipientId: 'r', target: base, enabled: false });
    expect(await check(projectId, 'r', base)).toMatchObject({ enabled: false, mandatory: false });
  });

  it.each([
    ['an empty channel', { target: { ...deploys, channel: '' } }, 'target.channel'],
    ['no target', { target: undefined }, 'target.channel'],
    ['an event over 128 characters', { target: { ...deploys, event: 'e'.repeat(129) } }, 'target.event'],
    ['a bad medium', { medium: 'push' }, 'medium'],
    ['an unknown set_via', { setVia: 'carrier_pigeon' }, 'set_via'],
  ])('when set has %s, then it is refused with validation_failed and nothing is stored', async (_what, over, path) => {
    const projectId = newProject();
    const err = await errorOf(svc.client.setPreference({ projectId, recipientId: 'r', target: deploys, enabled: false, ...over }));
    expect(err.code).toBe('validation_failed');
    expect(err.violations.map((v) => v.property_path)).toContain(path);
    expect((await svc.client.listPreferences({ projectId, recipientId: 'r' })).preferences).toEqual([]);
  });

  it('when check has a bad target or medium, then it is refused with validation_failed', async () => {
    const err = await errorOf(svc.client.checkPreference({ projectId: newProject(), recipientId: 'r', target: { ...deploys, topic: '' }, medium: 'fax' }));
    expect(err.violations.map((v) => v.property_path).sort()).toEqual(['medium', 'topic']);
  });

  it('when preferences are listed, then catalog and own-rule targets come in both mediums, named when cataloged, in order', async () => {
    const projectId = newProject();
    await catalog(projectId, { channel: 'b', topic: 'none', event: 'e' }, 'email', true);
    await catalog(projectId, { channel: 'a', topic: 'z', event: 'e' }, 'in_app', false);
    await svc.client.setPreference({ projectId, recipientId: 'r', target: { channel: 'a', topic: 'y', event: 'e' }, medium: 'email', enabled: true });
    await svc.client.setPreference({ projectId, recipientId: 'r', target: { channel: 'a', topic: 'z', event: 'd' }, medium: 'in_app', enabled: false });
    await svc.client.setPreference({ projectId, recipientId: 'other', target: { channel: 'c', topic: 'x', event: 'e' }, enabled: false });
    const { preferences } = await svc.client.listPreferences({ projectId, recipientId: 'r' });
    const rows = preferences.map((p) => [p.target!.channel, p.target!.event, p.target!.topic, p.medium, p.name ?? null, p.state!.enabled, p.state!.inherited, p.state!.cataloged]);
    expect(rows).toEqual([
      ['a', 'd', 'z', 'in_app', null, false, false, false],
      ['a', 'd', 'z', 'email', null, false, true, false],
      ['a', 'e', 'y', 'in_app', null, true, true, false],
      ['a', 'e', 'y', 'email', null, true, false, false],
      ['a', 'e', 'z', 'in_app', 'z in_app', false, true, true],
      ['a', 'e', 'z', 'email', null, false, true, false],
      ['b', 'e', 'none', 'in_app', null, true, true, false],
      ['b', 'e', 'none', 'email', 'none email', true, true, true],
    ]);
  });

  it('when the project catalogs sms or web_push for a target, or the recipient has such a rule, then those rows are listed after in_app and email; not elsewhere', async () => {
    const projectId = newProject();
    await catalog(projectId, { channel: 'a', topic: 'any', event: 'e' }, 'web_push', true);
    await catalog(projectId, { channel: 'a', topic: 'z', event: 'e' }, 'in_app', true);
    await svc.client.setPreference({ projectId, recipientId: 'r', target: { channel: 'a', topic: 'z', event: 'e' }, medium: 'sms', enabled: true });
    await svc.client.setPreference({ projectId, recipientId: 'r', target: { channel: 'b', topic: 'none', event: 'e' }, medium: 'email', enabled: true });
    const { preferences } = await svc.client.listPreferences({ projectId, recipientId: 'r' });
    const rows = preferences.map((p) => [p.target!.channel, p.target!.topic, p.medium, p.state!.enabled, p.state!.inherited, p.state!.cataloged]);
    expect(rows).toEqual([
      ['a', 'any', 'in_app', true, true, false],
      ['a', 'any', 'email', false, true, false],
      ['a', 'any', 'web_push', true, true, true],
      ['a', 'z', 'in_app', true, true, true],
      ['a', 'z', 'email', false, true, false],
      ['a', 'z', 'sms', true, false, false],
      ['a', 'z', 'web_push', true, true, false],
      ['b', 'none', 'in_app', true, true, false],
      ['b', 'none', 'email', true, false, false],
    ]);
  });

  describe('batch RPCs', () => {
    it('when resolving a target for many recipients, then each gets the cascade result in request order', async () => {
      const projectId = newProject();
      await catalog(projectId, anyTopic, 'email', true);
      await svc.client.setPreference({ projectId, recipientId: 'off-exact', target: deploys, medium: 'email', enabled: false });
      await svc.client.setPreference({ projectId, recipientId: 'off-any', target: anyTopic, medium: 'email', enabled: false });
      await svc.client.setPreference({ projectId, recipientId: 'other-target', target: base, medium: 'email', enabled: false });
      const ids = ['plain', 'off-exact', 'off-any', 'other-target', 'unknown', 'plain'];
      const res = await svc.client.resolveBatch({ projectId, target: deploys, medium: 'email', recipientIds: ids });
      expect(res.enabled).toEqual([true, false, false, true, true, true]);
      expect(res.covered).toBe(true);
      expect(res.mandatory).toBe(false);
      const none = await svc.client.resolveBatch({ projectId, target: base, medium: 'email', recipientIds: ids });
      expect(none.enabled).toEqual([false, false, false, false, false, false]);
      expect(none.covered).toBe(false);
    });

    it('when the governing entry is mandatory, then resolve says so (no unsubscribe link on its mails)', async () => {
      const projectId = newProject();
      await catalog(projectId, anyTopic, 'email', true, true);
      const res = await svc.client.resolveBatch({ projectId, target: deploys, medium: 'email', recipientIds: ['a'] });
      expect(res).toMatchObject({ covered: true, mandatory: true, enabled: [true] });
    });

    it('when more than 1,000 recipients are sent, then resolve is refused', async () => {
      const recipientIds = Array.from({ length: 1001 }, (_, i) => `r${i}`);
      expect((await errorOf(svc.client.resolveBatch({ projectId: newProject(), target: deploys, medium: 'in_app', recipientIds }))).code).toBe('validation_failed');
    });

    it('when coverage is checked, then exact and any entries cover, none and other mediums do not', async () => {
      const projectId = newProject();
      await catalog(projectId, anyTopic, 'email', true);
      await catalog(projectId, base, 'in_app', true);
      const { covered } = await svc.client.checkCoverage({
        projectId,
        queries: [
          { target: deploys, medium: 'email' },
          { target: base, medium: 'email' },
          { target: base, medium: 'in_app' },
          { target: deploys, medium: 'in_app' },
          { target: { ...deploys, channel: 'other' }, medium: 'email' },
        ],
      });
      expect(covered).toEqual([true, false, true, false, false]);
    });
  });
});
