import { randomUUID } from 'node:crypto';
import type { Logger } from '@herald/service-kit';
import { quotaPeriod } from '../domain/quota';
import type { EmailContent, EmailOutcome } from '../domain/notification';
import { isAddressRejected, isPermanentSmtpError, type OutgoingEmail } from '../email/mailer';
import type { EmailChange, NotificationDoc } from '../store/notification-repository';
import { quotaOwner } from '../store/quota-repository';
import type { DeliveryDeps } from './deps';
import { emailEvents } from './outcome-events';

export type EmailStep = { kind: 'done' } | { kind: 'retry'; inMs: number };

/**
 * Sends a batch of notifications' emails (one job each): one read of the batch, the broadcasts'
 * content read once per broadcast, quota units taken in one reservation per (project, month) for
 * first attempts, the mails sent concurrently over the pooled SMTP transport, and every outcome
 * written in one bulk write, each conditional on the state it started from.
 *
 * Quota: one unit per (notification, email), in the month the notification was created; when none
 * is left the email is skipped `quota_exceeded`. A temporary refusal (4xx, connection trouble) is
 * retried with exponential backoff, the attempt count persisted; a permanent one (5xx) ends the
 * email `failed` at once; after `emailMaxAttempts` it ends `failed` (`provider_error`; its unit
 * stays spent). A permanent refusal of the address itself ends it `address_rejected` and marks the
 * contact undeliverable first (so a crash in between only repeats an idempotent mark).
 */
export function createSendEmails(deps: DeliveryDeps, logger: Logger) {
  const { emailMaxAttempts, emailRetryBaseMs, emailLeaseMs } = deps.settings;
  async function sendEmails(ids: number[], opts: { redelivered?: boolean } = {}): Promise<Map<number, EmailStep>> {
    const steps = new Map<number, EmailStep>(ids.map((id) => [id, { kind: 'done' }]));
    // At most one mail per notification under redelivery: the batch claims its pending emails
    // first (one conditional update each, in one call), and sends only those it holds.
    const claim = randomUUID();
    const leaseEnd = () => new Date(deps.now().getTime() + emailLeaseMs);
    await deps.notifications.claimEmails(ids, claim, leaseEnd(), deps.now());
    const docs = await deps.notifications.findByIds(ids);
    const ready: NotificationDoc[] = [];
    // Emails that ended in an earlier delivery of their job: re-emitted from the store (dropped as repeats).
    const endedBefore: NotificationDoc[] = [];
    for (const d of docs) {
      if (d.email.status !== 'pending' || !d.email.address) endedBefore.push(d);
      else if (d.email_claim === claim) ready.push(d);
      else {
        // Another worker is sending it (this job was delivered again meanwhile): the job comes back
        // once that claim's lease has passed, and then finds the outcome, or retakes a dead worker's claim.
        const leftMs = (d.email_lease_until?.getTime() ?? 0) - deps.now().getTime();
        steps.set(d._id, { kind: 'retry', inMs: Math.max(100, leftMs + 100) });
      }
    }
    if (ready.length === 0) {
      await deps.events.emit(endedBefore.flatMap((d) => emailEvents(d)));
      return steps;
    }
    // The lease is renewed while the batch runs longer than a third of it (a slow SMTP exchange),
    // so no other worker takes these emails while this one may still be sending them.
    const held = ready.map((d) => d._id);
    const renewal = setInterval(() => {
      deps.notifications.renewEmailLeases(held, claim, leaseEnd()).then(
        (n) => n < held.length && logger.warn({ notificationIds: held, held: n }, 'email claims lost while sending (their lease passed): another worker may send them too'),
        (err) => logger.warn({ err, notificationIds: held }, 'email lease not renewed (retried at the next renewal)'),
      );
    }, Math.max(50, Math.floor(emailLeaseMs / 3)));
    try {
      return await sendClaimed(ready, endedBefore, claim, steps, opts);
    } finally {
      clearInterval(renewal);
    }
  }

  async function sendClaimed(ready: NotificationDoc[], endedBefore: NotificationDoc[], claim: string, steps: Map<number, EmailStep>, opts: { redelivered?: boolean }): Promise<Map<number, EmailStep>> {
    const contents = await deps.broadcasts.emailContentsOf(ready.filter((d) => !d.email_content && d.broadcast_id !== null).map((d) => d.broadcast_id!));
    const contentOf = (d: NotificationDoc) => d.email_content ?? (d.broadcast_id !== null ? contents.get(d.broadcast_id) : null) ?? null;

    // First attempts take their unit, per project and month, in one reservation each.
    const changes: EmailChange[] = [];
    const firsts = ready.filter((d) => d.email.attempts === 0 && contentOf(d));
    const refused = new Set<number>();
    const byQuota = new Map<string, NotificationDoc[]>();
    for (const d of firsts) {
      const k = `${d.project_id}|${quotaPeriod(d.created_at)}|${d.settings?.monthlyQuota ?? null}`;
      byQuota.set(k, [...(byQuota.get(k) ?? []), d]);
    }
    await Promise.all(
      [...byQuota.values()].map(async (group) => {
        const owners = group.map((d) => quotaOwner(d._id, 'email'));
        const granted = await deps.quota.reserve(group[0].project_id, quotaPeriod(group[0].created_at), owners, group[0].settings?.monthlyQuota ?? null, opts.redelivered);
        group.forEach((d, i) => !granted.has(owners[i]) && refused.add(d._id));
      }),
    );

    const now = deps.now();
    await Promise.all(
      ready.map(async (d) => {
        const email = d.email;
        const content = contentOf(d);
        const from = { status: 'pending', attempts: email.attempts };
        const claimed = { id: d._id, from, claim };
        if (!content) return;
        if (refused.has(d._id)) {
          deps.metrics.quotaRefused('email');
          changes.push({ ...claimed, email: { ...email, status: 'skipped', reason: 'quota_exceeded' } });
          return;
        }
        const attempts = email.attempts + 1;
        let next: EmailOutcome;
        try {
          const messageId = await deps.mailer.send(mailOf(deps, d, content));
          next = { ...email, status: 'sent', reason: null, message_id: messageId, attempts, sent_at: deps.now(), error: null };
        } catch (err) {
          const error = String((err as Error)?.message ?? err).slice(0, 500);
          // A refused address whose contact could not be marked now is retried, never left unmarked.
          const rejected = isAddressRejected(err);
          if (rejected && (await markUndeliverable(deps, d, err))) {
            next = { ...email, status: 'failed', reason: 'address_rejected', attempts, error };
          } else if (attempts >= emailMaxAttempts || (isPermanentSmtpError(err) && !rejected)) {
            next = { ...email, status: 'failed', reason: 'provider_error', attempts, error };
          } else {
            next = { ...email, attempts, error };
            steps.set(d._id, { kind: 'retry', inMs: emailRetryBaseMs * 2 ** (attempts - 1) });
          }
        }
        changes.push({ ...claimed, email: next });
      }),
    );
    const applied = await deps.notifications.updateEmailMany(changes, now);
    if (applied === changes.length) {
      for (const c of changes) deps.metrics.email(c.email.status === 'sent' ? 'sent' : c.email.status === 'failed' ? 'failed' : c.email.status === 'skipped' ? 'skipped' : 'retried');
    }
    // Outcome events of the emails that ended (a retry is no outcome), from what was written; when
    // a racing delivery wrote some, from the store.
    const byId = new Map(ready.map((d) => [d._id, d]));
    const written =
      applied === changes.length
        ? changes.map((c): NotificationDoc => ({ ...byId.get(c.id)!, email: c.email, updated_at: now }))
        : await deps.notifications.findByIds(changes.map((c) => c.id));
    await deps.events.emit([...written, ...endedBefore].flatMap((d) => emailEvents(d)));
    return steps;
  }
  return sendEmails;
}

/** The mail of one notification: the project's sender, Herald's headers, the unsubscribe link when its entry allows one. */
function mailOf(deps: DeliveryDeps, d: NotificationDoc, content: EmailContent): OutgoingEmail {
  const u = deps.unsubscribe;
  const unsubscribeUrl =
    u && d.email.unsubscribable && d.target
      ? `${u.baseUrl}/unsubscribe/${u.tokens.sign({ projectId: d.project_id, recipientId: d.recipient_id, target: d.target, expiresAt: Math.floor(deps.now().getTime() / 1000) + u.ttlSeconds })}`
      : undefined;
  return {
    to: d.email.address!,
    subject: content.subject,
    html: content.html,
    text: content.text,
    notificationId: d._id,
    from: d.settings?.emailFrom,
    fromName: content.from_name?.trim(),
    replyTo: d.settings?.emailReplyTo,
    unsubscribeUrl,
  };
}

/** Marks the refused address undeliverable; false when that could not be done now (the email is then retried). */
async function markUndeliverable(deps: DeliveryDeps, d: NotificationDoc, err: unknown): Promise<boolean> {
  const reason = String((err as { response?: string })?.response ?? (err as Error)?.message ?? err);
  try {
    await deps.recipients.markContactUndeliverable({ projectId: BigInt(d.project_id), recipientId: d.recipient_id, medium: 'email', address: d.email.address!, reason });
    return true;
  } catch {
    return false;
  }
}
