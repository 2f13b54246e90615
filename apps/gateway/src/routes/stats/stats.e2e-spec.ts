import { eventually } from '@herald/testing';
import { call, createProject, TIMESTAMP, uniqueId, type TestProject } from '../../testing/rest-client';

/** GET /stats: the project's sends per interval by medium and outcome, from the delivery service's counters. */
describe('stats: the overview\'s counts', () => {
  let p: TestProject;
  const as = (path: string, key = p.fullKey) => call('GET', path, { key });
  const target = { channel: 'billing', topic: 'invoices', event: 'invoice.paid' };

  beforeAll(async () => {
    p = await createProject('stats');
  });

  it('when notifications are delivered, then the minutes of the last hour count them, and the totals add them up', async () => {
    const recipient_id = uniqueId('stats');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id: recipient_id } })).status).toBe(201);
    for (let n = 0; n < 2; n++) expect((await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id, target, payload: { n } } })).status).toBe(201);
    const res = await eventually('both sends counted', async () => {
      const r = await as('/stats?interval=minute');
      return r.status === 200 && r.body.data.totals.in_app.delivered === 2 ? r : undefined;
    });
    const data = res.body.data;
    expect(data).toMatchObject({ interval: 'minute', from: expect.stringMatching(TIMESTAMP), to: expect.stringMatching(TIMESTAMP), due_timers: 0 });
    expect(data.intervals.length).toBeGreaterThanOrEqual(60);
    const counted = data.intervals.filter((i: { sends: object }) => Object.keys(i.sends).length > 0);
    expect(counted.reduce((sum: number, i: { sends: { in_app: { delivered: number } } }) => sum + i.sends.in_app.delivered, 0)).toBe(2);
    expect(data.totals.email).toEqual({ delivered: 0, suppressed: 0, quota: 0, failed: 0, bounced: 0 });
    expect(data.rates).toEqual({ email_bounce: null, email_failure: null, webhook_failure: null });
  });

  it('when the range is given by hour and by day, then it answers each interval of it, oldest first', async () => {
    const byHour = await as('/stats?interval=hour&from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z');
    expect(byHour.status).toBe(200);
    expect(byHour.body.data.intervals).toHaveLength(24);
    expect(byHour.body.data.intervals[0]).toEqual({ start: '2026-03-01T00:00:00Z', sends: {} });
    const byDay = await as('/stats?interval=day&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z');
    expect(byDay.body.data.intervals).toHaveLength(31);
  });

  it.each([
    ['an unknown interval', 'interval=week', 'interval'],
    ['a range past a day by minute', 'interval=minute&from=2026-03-01T00:00:00Z&to=2026-03-02T00:01:00Z', 'from'],
    ['a range past 31 days by hour', 'interval=hour&from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z', 'from'],
    ['a range ending before it starts', 'from=2026-03-02T10:00:00Z&to=2026-03-02T09:00:00Z', 'to'],
    ['a malformed time', 'from=yesterday', 'from'],
    ['a time naming no day', 'from=2026-13-02T10:00:00Z', 'from'],
  ])('when the query has %s, then 400 naming the field', async (_label, query, field) => {
    const res = await as(`/stats?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: field })] });
  });

  it('when a Recipient key asks, then 403', async () => {
    expect((await as('/stats', p.recipientKey)).status).toBe(403);
  });
});
