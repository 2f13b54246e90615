import { digestHtml, digestSubject, heldBackByInApp } from '../kernel/timing-rules';
import type { EmailContent, EmailOutcome } from '../kernel/notification';
import { quotaPeriod } from '../kernel/quota';
import { failureKind } from '../kernel/outbound';
import { itemsBelowSeal, slotId, type DigestDoc } from './digest-repository';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { timerId } from '../kernel/store/timer-repository';
import { emailEvents } from '../kernel/outcome-events';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { DeliverySettings, Failpoint } from '../kernel/settings';
import type { BroadcastRepository } from '../kernel/store/broadcast-repository';
import type { NotificationRepository } from '../kernel/store/notification-repository';
import type { TimerRepository } from '../kernel/store/timer-repository';
import type { OutboundSenders, OutcomeRepository, QuotaRepository, UnsubscribeLinks } from '../outbound';
import type { DeliveryMetrics } from '../platform';
import type { DigestRepository } from './digest-repository';

export type DigestStep = { kind: 'done' } | { kind: 'retry'; inMs: number };

const done: DigestStep = { kind: 'done' };

/** The ports this use case works with. */
export interface CloseDigestDeps {
  outcomes: OutcomeRepository;
  broadcasts: BroadcastRepository;
  digests: DigestRepository;
  events: OutcomeEvents;
  failpoint?: (at: Failpoint) => void;
  metrics: DeliveryMetrics;
  notifications: NotificationRepository;
  now: () => Date;
  quota: QuotaRepository;
  senders: OutboundSenders;
  settings: DeliverySettings;
  timers: TimerRepository;
  unsubscribe?: UnsubscribeLinks;
}

/**
 * Closes one digest (its DigestJob, from the window's timer or a full window): seals it
 * (its items are fixed from then on), then sends one mail holding each item's html in order, with
 * the project's sender and the entry's one-click unsubscribe, and writes every item's email outcome
 * (`sent`, with the digest's `message_id` and `digest_id`) in one update. Items whose in-app
 * notification was read (or opened) by then under an escalation's `unless` are skipped
 * `read_in_app` and left out. One quota unit per digest mail.
 *
 * Exactly one mail per digest, as far as SMTP allows: the send is claimed by a fate insert
 * (`digest-mail:<id>`), so of concurrent closings one sends; a closing that died after its claim is
 * taken over after `digestSendLeaseMs` and sends again under the same Message-ID (SMTP cannot say
 * whether a mail cut off by a crash arrived: at least once, never lost).
 */
export function createCloseDigest(deps: CloseDigestDeps) {
  const leaseMs = deps.settings.digestSendLeaseMs;

  const seal = async (d: DigestDoc) => {
    for (let round = 0; round < 20; round++) {
      const slots = await deps.digests.slotsOf(d._id);
      const last = slots.at(-1)?.k ?? 0;
      if (slots.some((s) => s.seal) || last >= d.max_items) return itemsBelowSeal(slots);
      const k = last + 1;
      await deps.digests.take([{ _id: slotId(d._id, k), digest_id: d._id, k, notification_id: -d._id, seal: true, expires_at: d.expires_at }]);
    }
    throw new Error(`digest ${d._id} could not be sealed`);
  };

  /** `attempt`: this job's delivery count (a temporary SMTP refusal is retried until EMAIL_MAX_ATTEMPTS). */
  return async function closeDigest(id: number, attempt = 1): Promise<DigestStep> {
    const d = await deps.digests.findById(null, id);
    // No window: a timer whose opener lost the race for its (key, w).
    if (!d) return done;
    if (d.status !== 'open') {
      // Closed by an earlier delivery: its items' events again (dropped as repeats).
      const written = await deps.notifications.findByIds(d.notification_ids ?? []);
      await deps.events.emit(written.flatMap((n) => emailEvents(n)));
      return done;
    }
    const items = await seal(d);
    deps.failpoint?.('exit_in_digest_close');
    const docs = await deps.notifications.findByIds(items.map((s) => s.notification_id));
    const order = new Map(items.map((s, i) => [s.notification_id, i]));
    docs.sort((a, b) => order.get(a._id)! - order.get(b._id)!);
    const contents = await deps.broadcasts.emailContentsOf(docs.filter((n) => !n.email_content && n.broadcast_id !== null).map((n) => n.broadcast_id!));
    const contentOf = (n: NotificationDoc): EmailContent | null => n.email_content ?? (n.broadcast_id !== null ? (contents.get(n.broadcast_id) ?? null) : null);
    const pending = docs.filter((n) => n.email.status === 'pending' && contentOf(n));
    const held = pending.filter((n) => heldBackByInApp(contentOf(n)!.unless, n));
    const mailed = pending.filter((n) => !held.includes(n));
    const now = deps.now();
    const ids = docs.map((n) => n._id);

    const finishWith = async (status: DigestDoc['status'], outcome: EmailOutcome | null, reason: string | null, mail?: { messageId: string | null; address: string; sentAt: Date }) => {
      await deps.outcomes.setEmailWherePending(
        held.map((n) => n._id),
        { ...held[0]?.email, status: 'skipped', reason: 'read_in_app', digest_id: d._id } as EmailOutcome,
        now,
      );
      if (outcome) await deps.outcomes.setEmailWherePending(mailed.map((n) => n._id), outcome, now);
      await deps.digests.finish(d._id, { status, notification_ids: ids, sent_at: mail?.sentAt ?? null, message_id: mail?.messageId ?? null, address: mail?.address ?? null, reason });
      await deps.timers.remove([timerId('digest', d._id)]);
      const written = await deps.notifications.findByIds(ids);
      await deps.events.emit(written.flatMap((n) => emailEvents(n)));
      return done;
    };

    if (mailed.length === 0) return finishWith('skipped', null, held.length ? 'read_in_app' : 'nothing_pending');
    const first = mailed[mailed.length - 1];
    const address = first.email.address!;
    const base: EmailOutcome = { ...first.email, status: 'sent', reason: null, address, attempts: 1, error: null, digest_id: d._id, message_id: null, sent_at: null };

    // One quota unit per digest mail, in the month it is sent.
    const granted = await deps.quota.reserve(d.project_id, quotaPeriod(now), [`digest:${d._id}`], first.settings?.monthlyQuota ?? null, true);
    if (granted.size === 0) {
      deps.metrics.quotaRefused('email');
      return finishWith('skipped', { ...base, status: 'skipped', reason: 'quota_exceeded' }, 'quota_exceeded');
    }

    // The mail is claimed once; a claim older than the lease belonged to a closing that died.
    const claim = await deps.timers.decide([`digest-mail:${d._id}`], 'fired', now);
    const before = claim.before.get(`digest-mail:${d._id}`);
    if (before && now.getTime() - before.at.getTime() < leaseMs) return { kind: 'retry', inMs: leaseMs };

    const contentsInOrder = mailed.map((n) => contentOf(n)!);
    const subject = digestSubject(d.subject, mailed.length);
    const u = deps.unsubscribe;
    const unsubscribeUrl =
      u && mailed.every((n) => n.email.unsubscribable)
        ? `${u.baseUrl}/unsubscribe/${u.tokens.sign({ projectId: d.project_id, recipientId: d.recipient_id, target: d.target }, u.ttlSeconds)}`
        : undefined;
    try {
      // Through the email senders: the configured providers behind failover.
      const sent = await deps.senders.email({
        to: address,
        subject,
        html: digestHtml(subject, contentsInOrder.map((c) => ({ subject: c.subject, html: c.html }))),
        digestId: d._id,
        from: first.settings?.emailFrom,
        replyTo: first.settings?.emailReplyTo,
        unsubscribeUrl,
      });
      const messageId = sent.messageId;
      deps.metrics.outbound('email', 'sent');
      const sentAt = deps.now();
      return finishWith('sent', { ...base, message_id: messageId, sent_at: sentAt, provider: sent.provider }, null, { messageId, address, sentAt });
    } catch (err) {
      const error = String((err as Error)?.message ?? err).slice(0, 500);
      const kind = failureKind(err);
      if (kind === 'rejected' || kind === 'address_rejected' || attempt >= deps.settings.emailMaxAttempts) {
        deps.metrics.outbound('email', 'failed');
        return finishWith('failed', { ...base, status: 'failed', reason: 'provider_error', error }, 'provider_error');
      }
      deps.metrics.outbound('email', 'retried');
      // Let the next delivery claim the mail again at once.
      await deps.timers.unclaim(`digest-mail:${d._id}`, now);
      return { kind: 'retry', inMs: deps.settings.emailRetryBaseMs * 2 ** (attempt - 1) };
    }
  };
}
