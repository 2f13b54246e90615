// Until h-live's OUTCOME EVENTS commit is merged: the names its delivery-subjects.ts exports
// (same values). Deleted at that merge.
export const OUTCOMES_STREAM = 'HERALD_OUTCOMES';
export const OUTCOMES_SUBJECT_PREFIX = 'herald.outcomes';
export const OUTCOMES_MAX_AGE_MS = 72 * 3600_000;
export const OUTCOMES_DUPLICATE_WINDOW_MS = 10 * 60_000;
export const OUTCOMES_PROJECT_KEY = '_';
export const OUTCOME_TYPES = [
  'notification.delivered',
  'notification.suppressed',
  'notification.quota_exceeded',
  'notification.failed',
  'notification.read',
  'notification.opened',
  'email.sent',
  'email.failed',
  'email.skipped',
  'broadcast.completed',
] as const;
export const OUTCOME_INTERNAL_TYPES = ['notification.unread', 'notification.unopened'] as const;
export type OutcomeType = (typeof OUTCOME_TYPES)[number] | (typeof OUTCOME_INTERNAL_TYPES)[number];
export function outcomeRecipientKey(recipientId: string): string {
  return Buffer.from(recipientId, 'utf8').toString('base64url');
}
export function outcomeSubject(projectId: number | bigint, recipientId: string | null, type: OutcomeType): string {
  return `${OUTCOMES_SUBJECT_PREFIX}.${projectId}.${recipientId === null ? OUTCOMES_PROJECT_KEY : outcomeRecipientKey(recipientId)}.${type}`;
}
