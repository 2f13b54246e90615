/** The snooze menu's choices, in the order shown. */
export const SNOOZE_CHOICES = ['hour', 'tomorrow', 'nextWeek'] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

const HOUR_MS = 3_600_000;
const MONDAY = 1;

/** When a snooze chosen at `now` ends: an hour later, tomorrow 09:00, or next Monday 09:00 (the browser's local time). */
export function snoozeUntil(choice: SnoozeChoice, now: Date): Date {
  if (choice === 'hour') return new Date(now.getTime() + HOUR_MS);
  const until = new Date(now);
  until.setHours(9, 0, 0, 0);
  const days = choice === 'tomorrow' ? 1 : (MONDAY - now.getDay() + 7) % 7 || 7;
  until.setDate(until.getDate() + days);
  return until;
}
