import { invalid } from '@herald/service-kit';

/** How far ahead a notification may be snoozed (as far as a send may be scheduled). */
export const SNOOZE_AHEAD_MAX_DAYS = 90;
const DAY_MS = 86_400_000;

/** InvalidArgument naming `snoozed_until` when it is not ahead of `now` or more than 90 days ahead. */
export function checkSnoozeUntil(until: Date, now: Date): void {
  const ahead = until.getTime() - now.getTime();
  const problem = ahead <= 0 ? 'snoozed_until must be in the future' : ahead > SNOOZE_AHEAD_MAX_DAYS * DAY_MS ? `snoozed_until must be at most ${SNOOZE_AHEAD_MAX_DAYS} days ahead` : null;
  if (problem) throw invalid(problem, [{ message: problem, description: problem, property_path: 'snoozed_until', invalid_value: until.toISOString() }]);
}
