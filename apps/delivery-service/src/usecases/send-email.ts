import { quotaPeriod } from '../domain/quota';
import type { EmailOutcome } from '../domain/notification';
import type { DeliveryDeps } from './deps';

export type EmailStep = { kind: 'done' } | { kind: 'retry'; inMs: number };

/**
 * Sends one notification's email. The quota unit is taken before the first attempt (skipped
 * `quota_exceeded` when none is left). A refusal is retried with exponential backoff; the attempt
 * count is persisted, and after `emailMaxAttempts` the email ends `failed` (`provider_error`; its
 * quota unit stays spent). Every outcome write is conditional on the state it started from.
 */
export function createSendEmail(deps: DeliveryDeps) {
  const { emailMaxAttempts, emailRetryBaseMs } = deps.settings;
  return async function sendEmail(notificationId: number): Promise<EmailStep> {
    const doc = await deps.notifications.findById(null, notificationId);
    if (!doc) return { kind: 'done' };
    if (doc.pending) return { kind: 'retry', inMs: 250 };
    const email = doc.email;
    if (email.status !== 'pending' || !email.address) return { kind: 'done' };
    const content = doc.email_content ?? (doc.broadcast_id !== null ? (await deps.broadcasts.findById(null, doc.broadcast_id))?.email_content : null);
    if (!content) return { kind: 'done' };
    const now = deps.now();
    const period = quotaPeriod(doc.created_at);
    const from = { status: 'pending', attempts: email.attempts };
    if (email.attempts === 0) {
      const granted = await deps.quota.reserve(doc.project_id, period, 1, doc.settings.monthlyQuota);
      if (granted === 0) {
        deps.metrics.quotaRefused('email');
        await deps.notifications.updateEmail(doc._id, from, { ...email, status: 'skipped', reason: 'quota_exceeded' }, now);
        return { kind: 'done' };
      }
    }
    const attempts = email.attempts + 1;
    let next: EmailOutcome;
    let step: EmailStep = { kind: 'done' };
    try {
      const messageId = await deps.mailer.send({ to: email.address, subject: content.subject, html: content.html, text: content.text });
      next = { ...email, status: 'sent', reason: null, message_id: messageId, attempts, sent_at: deps.now(), error: null };
    } catch (err) {
      const error = String((err as Error)?.message ?? err).slice(0, 500);
      if (attempts >= emailMaxAttempts) {
        // The unit taken for this email stays spent (quota slots are insert-only).
        next = { ...email, status: 'failed', reason: 'provider_error', attempts, error };
      } else {
        next = { ...email, attempts, error };
        step = { kind: 'retry', inMs: emailRetryBaseMs * 2 ** (attempts - 1) };
      }
    }
    if (await deps.notifications.updateEmail(doc._id, from, next, deps.now())) {
      deps.metrics.email(next.status === 'sent' ? 'sent' : next.status === 'failed' ? 'failed' : 'retried');
    }
    return step;
  };
}
