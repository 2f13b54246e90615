import { quotaPeriod } from '../domain/quota';
import type { EmailContent, EmailOutcome } from '../domain/notification';
import { isAddressRejected, isPermanentSmtpError, type OutgoingEmail } from '../email/mailer';
import type { EmailChange, NotificationDoc } from '../store/notification-repository';
import { quotaOwner } from '../store/quota-repository';
import { heldBackByInApp } from '../domain/timing-rules';
import { createCollectDigests } from './collect-digests';
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
export function createSendEmails(deps: DeliveryDeps) {
  const { emailMaxAttempts, emailRetryBaseMs } = deps.settings;
  const collectDigests = createCollectDigests(deps);
  return async function sendEmails(ids: number[], opts: { redelivered?: boolean } = {}): Promise<Map<number, EmailStep>> {
    const steps = new Map<number, EmailStep>(ids.map((id) => [id, { kind: 'done' }]));
    const docs = await deps.notifications.findByIds(ids);
    const pending: NotificationDoc[] = [];
    // Emails that ended in an earlier delivery of their job: re-emitted from the store (dropped as repeats).
    const endedBefore: NotificationDoc[] = [];
    for (const d of docs) {
      if (d.email.status === 'pending' && d.email.address) pending.push(d);
      else endedBefore.push(d);
    }
    // Governed by an entry with a digest (issue 21): collected into the recipient's window, mailed when it closes.
    await collectDigests(pending.filter((d) => d.digest_rule));
    const ready = pending.filter((d) => !d.digest_rule);
    const contents = await deps.broadcasts.emailContentsOf(ready.filter((d) => !d.email_content && d.broadcast_id !== null).map((d) => d.broadcast_id!));
    const contentOf = (d: NotificationDoc) => d.email_content ?? (d.broadcast_id !== null ? contents.get(d.broadcast_id) : null) ?? null;
    // Escalation (issue 21): an email whose in-app notification was read (or opened) by now is skipped, and spends no quota.
    const heldBack = new Set(ready.filter((d) => contentOf(d) && heldBackByInApp(contentOf(d)!.unless, d)).map((d) => d._id));

    // First attempts take their unit, per project and month, in one reservation each.
    const changes: EmailChange[] = [];
    const firsts = ready.filter((d) => d.email.attempts === 0 && contentOf(d) && !heldBack.has(d._id));
    const refused = new Set<number>();
    const byQuota = new Map<string, NotificationDoc[]>();
    for (const d of firsts) {
      const k = `${d.project_id}|${quotaPeriod(d.send_at ?? d.created_at)}|${d.settings?.monthlyQuota ?? null}`;
      byQuota.set(k, [...(byQuota.get(k) ?? []), d]);
    }
    await Promise.all(
      [...byQuota.values()].map(async (group) => {
        const owners = group.map((d) => quotaOwner(d._id, 'email'));
        const granted = await deps.quota.reserve(group[0].project_id, quotaPeriod(group[0].send_at ?? group[0].created_at), owners, group[0].settings?.monthlyQuota ?? null, opts.redelivered);
        group.forEach((d, i) => !granted.has(owners[i]) && refused.add(d._id));
      }),
    );

    const now = deps.now();
    await Promise.all(
      ready.map(async (d) => {
        const email = d.email;
        const content = contentOf(d);
        const from = { status: 'pending', attempts: email.attempts };
        if (!content) return;
        if (heldBack.has(d._id)) {
          deps.metrics.email('skipped');
          changes.push({ id: d._id, from, email: { ...email, status: 'skipped', reason: 'read_in_app' } });
          return;
        }
        if (refused.has(d._id)) {
          deps.metrics.quotaRefused('email');
          changes.push({ id: d._id, from, email: { ...email, status: 'skipped', reason: 'quota_exceeded' } });
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
        changes.push({ id: d._id, from, email: next });
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
  };
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
