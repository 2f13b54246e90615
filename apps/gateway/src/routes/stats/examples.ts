import { STATS_MEDIUMS } from './schemas';

// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const counts = (delivered: number, suppressed = 0, quota = 0, failed = 0, bounced = 0) => ({ delivered, suppressed, quota, failed, bounced });

export const statsExamples = {
  stats: {
    data: {
      interval: 'minute',
      from: '2026-03-02T09:00:00Z',
      to: '2026-03-02T09:02:00Z',
      intervals: [
        { start: '2026-03-02T09:00:00Z', sends: { in_app: { delivered: 40, suppressed: 2 }, email: { delivered: 11, failed: 1, bounced: 1 } } },
        { start: '2026-03-02T09:01:00Z', sends: { in_app: { delivered: 37 }, email: { delivered: 9, quota: 3 }, webhook: { delivered: 30, failed: 2 } } },
      ],
      totals: { ...Object.fromEntries(STATS_MEDIUMS.map((m) => [m, counts(0)])), in_app: counts(77, 2), email: counts(20, 0, 3, 1, 1), webhook: counts(30, 0, 0, 2) },
      rates: { email_bounce: 1 / 21, email_failure: 1 / 21, webhook_failure: 2 / 32 },
      due_timers: 4,
    },
  },
};
