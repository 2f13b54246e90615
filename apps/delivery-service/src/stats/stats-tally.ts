/**
 * What the overview counts (GET /stats): the end of each send, per medium and outcome. Pure rules,
 * from an outcome event's type and its medium's reason to the counters it adds to.
 */
/** `webhook`: each attempt of a webhook delivery, delivered (2xx) or failed. */
export const STATS_MEDIUMS = ['in_app', 'email', 'sms', 'web_push', 'chat', 'mobile_push', 'webhook'] as const;
export const STATS_OUTCOMES = ['delivered', 'suppressed', 'quota', 'failed', 'bounced'] as const;
export type StatsMedium = (typeof STATS_MEDIUMS)[number];
export type StatsOutcome = (typeof STATS_OUTCOMES)[number];
export interface StatsKey {
  medium: StatsMedium;
  outcome: StatsOutcome;
}

/** The in-app status events: the notification's own outcome. A throttled one counts as suppressed. */
const IN_APP: Record<string, StatsOutcome> = {
  'notification.delivered': 'delivered',
  'notification.suppressed': 'suppressed',
  'notification.throttled': 'suppressed',
  'notification.quota_exceeded': 'quota',
  'notification.failed': 'failed',
};
/** Mobile push: one event per notification, sent when at least one device took it. */
const MOBILE_PUSH: Record<string, StatsOutcome> = { 'notification.push_sent': 'delivered', 'notification.push_failed': 'failed' };
/** The outbound mediums by the first word of their event types (`push.sent` is web push). */
const OUTBOUND: Record<string, StatsMedium> = { email: 'email', sms: 'sms', push: 'web_push', chat: 'chat' };
/** Skipped for want of quota (the project's, or a broadcast's email allowance) rather than by a rule. */
const QUOTA_REASONS = new Set(['quota_exceeded', 'broadcast_limit_exceeded']);

/**
 * The counters one outcome event adds to: none for the events that end no send (read, opened,
 * canceled, a broadcast's, an SMS carrier report that follows `sms.sent`). A medium sent counts as
 * delivered; skipped as quota or suppressed by its reason; failed as failed, and also as bounced
 * when the provider refused the address for good (`address_rejected`).
 */
export function tallyOf(type: string, reason: string | undefined): StatsKey[] {
  const inApp = IN_APP[type];
  if (inApp) return [{ medium: 'in_app', outcome: inApp }];
  const mobile = MOBILE_PUSH[type];
  if (mobile) return [{ medium: 'mobile_push', outcome: mobile }];
  const [word, status] = type.split('.');
  const medium = OUTBOUND[word];
  if (!medium) return [];
  if (status === 'sent') return [{ medium, outcome: 'delivered' }];
  if (status === 'skipped') return [{ medium, outcome: reason && QUOTA_REASONS.has(reason) ? 'quota' : 'suppressed' }];
  if (status === 'failed') return reason === 'address_rejected' ? [{ medium, outcome: 'failed' }, { medium, outcome: 'bounced' }] : [{ medium, outcome: 'failed' }];
  return [];
}

/** What one webhook attempt counts. */
export const webhookAttemptKey = (succeeded: boolean): StatsKey => ({ medium: 'webhook', outcome: succeeded ? 'delivered' : 'failed' });
