import { errorOf } from '@herald/testing';
import { newProject, startPreferenceService, uniqueDbName, type TestPreferenceService } from './testing/start-preference-service';

const builds = { channel: 'ci', topic: 'builds', event: 'done' };

describe('PreferenceService ResolveBatch on several mediums', () => {
  let svc: TestPreferenceService;
  beforeAll(async () => {
    svc = await startPreferenceService(uniqueDbName('pref_mediums'));
  });
  afterAll(async () => {
    await svc.close();
  });

  const seed = async (projectId: bigint) => {
    await svc.client.createCatalogEntry({ projectId, entry: { target: builds, medium: 'email', name: 'Builds mail', defaultEnabled: true, mandatory: true, digest: { windowSeconds: 600, maxItems: 10, subject: '{count} builds' } } });
    await svc.client.createCatalogEntry({ projectId, entry: { target: { ...builds, topic: 'any' }, medium: 'sms', name: 'Builds SMS', defaultEnabled: false, mandatory: false } });
    await svc.client.setPreference({ projectId, recipientId: 'b', target: builds, medium: 'in_app', enabled: false, setVia: 'api_key' });
    await svc.client.setPreference({ projectId, recipientId: 'a', target: builds, medium: 'sms', enabled: true, setVia: 'recipient_token' });
  };

  it('when several mediums are asked at once, then each medium is answered as the single-medium form answers it, in request order', async () => {
    const projectId = newProject();
    await seed(projectId);
    const mediums = ['in_app', 'email', 'sms', 'web_push'];
    const recipientIds = ['a', 'b', 'c', 'a'];

    const res = await svc.client.resolveBatch({ projectId, target: builds, mediums, recipientIds });

    expect(res.byMedium.map((m) => m.medium)).toEqual(mediums);
    expect(res.enabled).toEqual([]);
    expect(res.decisions).toEqual([]);
    for (const [i, medium] of mediums.entries()) {
      const single = await svc.client.resolveBatch({ projectId, target: builds, medium, recipientIds });
      const resolution = res.byMedium[i];
      expect({ enabled: resolution.enabled, covered: resolution.covered, mandatory: resolution.mandatory, decisions: resolution.decisions, decisionOf: resolution.decisionOf, governing: resolution.governing }).toEqual({
        enabled: single.enabled,
        covered: single.covered,
        mandatory: single.mandatory,
        decisions: single.decisions,
        decisionOf: single.decisionOf,
        governing: single.governing,
      });
    }
    expect(res.byMedium.map((m) => m.enabled)).toEqual([
      [true, false, true, true],
      [true, true, true, true],
      [true, false, false, true],
      [false, false, false, false],
    ]);
    expect(res.byMedium[1].governing?.digest?.subject).toBe('{count} builds');
  });

  it('when a client sets only the single medium, then the answer is in the top-level fields as before', async () => {
    const projectId = newProject();
    await seed(projectId);

    const res = await svc.client.resolveBatch({ projectId, target: builds, medium: 'in_app', recipientIds: ['a', 'b'] });

    expect(res.byMedium).toEqual([]);
    expect(res.enabled).toEqual([true, false]);
  });

  it('when one of several mediums is unknown, then the call is refused naming its position', async () => {
    const err = await errorOf(svc.client.resolveBatch({ projectId: newProject(), target: builds, mediums: ['email', 'fax'], recipientIds: ['a'] }));

    expect(err.code).toBe('validation_failed');
    expect(err.violations.map((v) => v.property_path)).toEqual(['mediums[1]']);
  });
});
