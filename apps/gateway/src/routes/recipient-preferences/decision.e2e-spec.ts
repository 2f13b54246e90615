import { call, createProject, TIMESTAMP, uniqueId, type TestProject } from '../../testing/rest-client';
import { signUnsubscribeToken } from '../../testing/unsubscribe-token';

/**
 * `data.decision` of GET /recipients/{id}/preferences/check: every step of the cascade
 * reached through the REST surface, and who set a deciding rule (`set_via`) for each credential.
 */
describe('preference check: the decision', () => {
  let p: TestProject;
  beforeAll(async () => {
    p = await createProject('prefs-decision');
  });
  const as = (method: string, path: string, body?: unknown, key = p.fullKey) => call(method, path, { key, body });
  const newRecipient = async () => {
    const id = uniqueId('r');
    expect((await as('POST', '/recipients', { id })).status).toBe(201);
    return id;
  };
  const check = async (id: string, t: { channel: string; topic: string; event: string }, medium = 'email') => {
    const res = await as('GET', `/recipients/${encodeURIComponent(id)}/preferences/check?${new URLSearchParams({ ...t, medium })}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const setRule = async (id: string, target: object, enabled: boolean, key = p.fullKey) =>
    expect((await as('PATCH', `/recipients/${id}/preferences`, { target, medium: 'email', state: { enabled } }, key)).status).toBe(200);
  /** The time a rule written now reports (second precision, never later than the next read). */
  const secondsNow = () => Math.floor(Date.now() / 1000) * 1000;

  it('when each step of the cascade decides in turn, then the check names it and the rule or entry, beside unchanged fields', async () => {
    const id = await newRecipient();
    const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };
    const anyTarget = { ...target, topic: 'any' };

    // 5: the medium default (email off, in-app on).
    expect(await check(id, target)).toEqual({
      target: { ...target, medium: 'email' },
      state: { enabled: false, inherited: true, cataloged: false, mandatory: false },
      decision: { result: 'disabled', because: 'medium_default', rule: null },
    });
    expect((await check(id, target, 'in_app')).decision).toEqual({ result: 'enabled', because: 'medium_default', rule: null });

    // 4: the catalog's topic-any entry.
    const anyEntry = await as('POST', '/preferences', { ...anyTarget, medium: 'email', name: 'All billing mail', default_enabled: true });
    expect(anyEntry.status).toBe(201);
    expect((await check(id, target)).decision).toEqual({
      result: 'enabled',
      because: 'catalog_topic_any_entry',
      rule: { id: anyEntry.body.data.id, label: 'All billing mail', target: anyTarget, medium: 'email', default_enabled: true, mandatory: false },
    });

    // 3: the catalog's exact entry.
    const exactEntry = await as('POST', '/preferences', { ...target, medium: 'email', name: 'Invoice paid', default_enabled: false });
    expect(exactEntry.status).toBe(201);
    const step3 = await check(id, target);
    expect(step3.state).toEqual({ enabled: false, inherited: true, cataloged: true, mandatory: false });
    expect(step3.decision).toEqual({
      result: 'disabled',
      because: 'catalog_entry',
      rule: { id: exactEntry.body.data.id, label: 'Invoice paid', target, medium: 'email', default_enabled: false, mandatory: false },
    });

    // 2: the recipient's topic-any rule (set with the Full key).
    const t2 = secondsNow();
    await setRule(id, anyTarget, true);
    const step2 = (await check(id, target)).decision;
    expect(step2).toEqual({
      result: 'enabled',
      because: 'recipient_topic_any_rule',
      rule: { target: anyTarget, medium: 'email', enabled: true, set_at: expect.stringMatching(TIMESTAMP), set_via: 'api_key' },
    });
    expect(Date.parse(step2.rule.set_at)).toBeGreaterThanOrEqual(t2);
    expect(Date.parse(step2.rule.set_at)).toBeLessThanOrEqual(Date.now());

    // 1: the recipient's exact rule (set with the Recipient key: also an API key).
    await setRule(id, target, false, p.recipientKey);
    const step1 = await check(id, target);
    expect(step1.state).toEqual({ enabled: false, inherited: false, cataloged: true, mandatory: false });
    expect(step1.decision).toEqual({
      result: 'disabled',
      because: 'recipient_rule',
      rule: { target, medium: 'email', enabled: false, set_at: expect.stringMatching(TIMESTAMP), set_via: 'api_key' },
    });

    // Mandatory: the governing entry now overrides the recipient's rules.
    expect((await as('PATCH', `/preferences/${exactEntry.body.data.id}`, { mandatory: true, default_enabled: true })).status).toBe(200);
    const forced = await check(id, target);
    expect(forced.state).toEqual({ enabled: true, inherited: false, cataloged: true, mandatory: true });
    expect(forced.decision).toEqual({
      result: 'enabled',
      because: 'mandatory_entry',
      rule: { id: exactEntry.body.data.id, label: 'Invoice paid', target, medium: 'email', default_enabled: true, mandatory: true },
    });
  });

  it('when a topic is none, then topic-any rules never decide for it', async () => {
    const id = await newRecipient();
    const base = { channel: 'ops', topic: 'none', event: 'restart' };
    await as('POST', '/preferences', { ...base, topic: 'any', medium: 'email', name: 'Ops any', default_enabled: true });
    await setRule(id, { ...base, topic: 'any' }, true);
    expect((await check(id, base)).decision).toEqual({ result: 'disabled', because: 'medium_default', rule: null });
  });

  it('when a rule is set through a recipient token, then the check reports set_via recipient_token', async () => {
    const id = await newRecipient();
    const target = { channel: 'social', topic: 'mentions', event: 'created' };
    const token = (await as('POST', `/recipients/${id}/tokens`, {})).body.data.token as string;
    await setRule(id, target, true, token);
    expect((await check(id, target)).decision).toEqual({
      result: 'enabled',
      because: 'recipient_rule',
      rule: { target, medium: 'email', enabled: true, set_at: expect.stringMatching(TIMESTAMP), set_via: 'recipient_token' },
    });
    // Set again with a key: the rule now says so.
    await setRule(id, target, true);
    expect((await check(id, target)).decision.rule.set_via).toBe('api_key');
  });

  it('when a rule is set through an unsubscribe link, then the check reports set_via unsubscribe_link', async () => {
    const id = await newRecipient();
    const target = { channel: 'billing', topic: 'any', event: 'invoice.paid' };
    await setRule(id, target, true, p.recipientKey);
    const before = secondsNow();
    const res = await call('POST', `/unsubscribe/${signUnsubscribeToken({ projectId: p.id, recipientId: id, target })}`);
    expect(res.status).toBe(200);
    const concrete = await check(id, { ...target, topic: 'acme' });
    expect(concrete.decision).toEqual({
      result: 'disabled',
      because: 'recipient_topic_any_rule',
      rule: { target, medium: 'email', enabled: false, set_at: expect.stringMatching(TIMESTAMP), set_via: 'unsubscribe_link' },
    });
    expect(Date.parse(concrete.decision.rule.set_at)).toBeGreaterThanOrEqual(before);
  });
});
