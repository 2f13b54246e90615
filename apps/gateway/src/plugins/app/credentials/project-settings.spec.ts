import { checkSettingsPatch, DEFAULT_SETTINGS, mergeSettings } from './project-settings';

describe('mergeSettings', () => {
  it('when nothing is given, then the defaults stand', () => {
    expect(mergeSettings(DEFAULT_SETTINGS)).toEqual({
      strict_targets: false,
      max_broadcast_recipients_for_email: 0,
      max_broadcast_recipients_for_push: 0,
      max_list_recipients_for_email: 10_000,
      max_list_recipients_for_push: 10_000,
      monthly_quota: null,
      rate_limit_per_second: 1000,
      email_from: null,
      email_reply_to: null,
      retention_days: 365,
    });
  });

  it('when some fields are given, then only those change and nulls are kept', () => {
    const current = mergeSettings(DEFAULT_SETTINGS, { monthly_quota: 10, max_broadcast_recipients_for_push: 50 });
    expect(mergeSettings(current, { rate_limit_per_second: null, strict_targets: true })).toEqual({
      strict_targets: true,
      max_broadcast_recipients_for_email: 0,
      max_broadcast_recipients_for_push: 50,
      max_list_recipients_for_email: 10_000,
      max_list_recipients_for_push: 10_000,
      monthly_quota: 10,
      rate_limit_per_second: null,
      email_from: null,
      email_reply_to: null,
      retention_days: 365,
    });
  });

  it('when unknown fields are given, then they are dropped', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, { colour: 'red' } as never);
    expect(merged).not.toHaveProperty('colour');
  });
});

describe('checkSettingsPatch', () => {
  it('when sender and reply-to are single addresses, then they are kept trimmed and lowercased', () => {
    expect(checkSettingsPatch({ email_from: { address: ' Alerts@Example.COM ', name: ' Acme ' }, email_reply_to: 'Help@Example.com' })).toEqual({
      email_from: { address: 'alerts@example.com', name: 'Acme' },
      email_reply_to: 'help@example.com',
    });
  });

  it('when no name is given, then it is stored as null', () => {
    expect(checkSettingsPatch({ email_from: { address: 'a@example.com' } })?.email_from).toEqual({ address: 'a@example.com', name: null });
  });

  it.each([
    ['two addresses', { email_from: { address: 'a@example.com, b@example.com' } }, 'settings.email_from.address'],
    ['a display name form', { email_reply_to: 'Bob <b@example.com>' }, 'settings.email_reply_to'],
    ['a control character in the name', { email_from: { address: 'a@example.com', name: 'A\r\nBcc: x@y.z' } }, 'settings.email_from.name'],
    ['a one-label domain', { email_reply_to: 'a@localhost' }, 'settings.email_reply_to'],
  ])('when the patch has %s, then it is refused naming the field', (_what, patch, path) => {
    let err: unknown;
    try {
      checkSettingsPatch(patch);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'validation_failed', violations: [expect.objectContaining({ property_path: path })] });
  });
});
