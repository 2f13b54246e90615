import { DEFAULT_SETTINGS, mergeSettings } from './settings';

describe('mergeSettings', () => {
  it('when nothing is given, then the defaults stand', () => {
    expect(mergeSettings(DEFAULT_SETTINGS)).toEqual({
      strict_targets: false,
      max_broadcast_recipients_for_email: 0,
      monthly_quota: null,
      rate_limit_per_second: 1000,
      retention_days: 365,
    });
  });

  it('when some fields are given, then only those change and nulls are kept', () => {
    const current = mergeSettings(DEFAULT_SETTINGS, { monthly_quota: 10 });
    expect(mergeSettings(current, { rate_limit_per_second: null, strict_targets: true })).toEqual({
      strict_targets: true,
      max_broadcast_recipients_for_email: 0,
      monthly_quota: 10,
      rate_limit_per_second: null,
      retention_days: 365,
    });
  });

  it('when unknown fields are given, then they are dropped', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, { colour: 'red' } as never);
    expect(merged).not.toHaveProperty('colour');
  });
});
