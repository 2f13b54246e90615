import { randomUUID } from 'node:crypto';
import type { Logger } from '@herald/service-kit';
import type { EmailContent, OutboundOutcome } from '../kernel/notification';
import { expiredReason, failureKind, INTERRUPTED_ERROR, outcomeField, SENT_AT_MOST_ONCE, type OutboundMedium } from '../kernel/outbound';
import { quotaPeriod } from '../kernel/quota';
import { heldBackByInApp } from '../kernel/timing-rules';
import { outcomeOf, type NotificationDoc } from '../kernel/store/notification-repository';
import type { OutcomeChange } from './outcome-repository';
import { quotaOwner } from './quota-repository';
import { admitted, channelOf, type Admission, type OutboundChannelsDeps } from './outbound-channels';
import { retryDelayMs } from './retry-delay';
import { outboundEvents } from '../kernel/outcome-events';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { RecipientDirectory } from '../kernel/ports';
import type { DeliverySettings } from '../kernel/settings';
import type { NotificationRepository } from '../kernel/store/notification-repository';
import type { QuotaRepository } from './quota-repository';
import type { DeliveryMetrics } from '../platform';
import type { FreshNotifications } from './fresh-notifications';
import type { OutcomeRepository } from './outcome-repository';

export type OutboundStep = { kind: 'done' } | { kind: 'retry'; inMs: number };
/** The ports this use case works with. */
export interface SendOutboundDeps extends OutboundChannelsDeps {
  outcomes: OutcomeRepository;
  /** Emails that join a digest are handed here instead of sent (the scheduling module's digest collection). */
  collectDigests?: (docs: NotificationDoc[]) => Promise<void>;
  events: OutcomeEvents;
  /** The notifications this process has just inserted, for a job's first delivery (absent: every batch reads the store). */
  fresh?: FreshNotifications;
  metrics: DeliveryMetrics;
  notifications: NotificationRepository;
  now: () => Date;
  quota: QuotaRepository;
  recipients: RecipientDirectory;
  settings: DeliverySettings;
}

/** A batch's messages this worker holds the claims of, and what sending them goes on with. */
interface ClaimedBatch {
  claimed: NotificationDoc[];
  /** Messages that ended in an earlier delivery of their job (their events emitted again). */
  endedBefore: NotificationDoc[];
  /** Claims retaken from a dead worker, of a medium sent at most once: ended, not sent again. */
  interrupted: ReadonlySet<number>;
  claim: string;
  steps: Map<number, OutboundStep>;
  admission: Admission;
  opts: { redelivered?: boolean };
  /** Called once the outcomes are about to be written (lease renewals stop warning). */
  writing: () => void;
}

/** @deprecated the email sender's name for OutboundStep */
export type EmailStep = OutboundStep;

/** A message its sender was too busy to attempt (its share in flight) is tried again this much later. */
const BUSY_RETRY_MS = 250;

/**
 * Sends a batch of one outbound medium's messages (email, SMS or web push; one job each): one read
 * of the batch, a broadcast's content read once per broadcast, quota units taken in one reservation
 * per (project, month) for first attempts, the messages handed concurrently to the medium's sender
 * (its providers behind failover), and every outcome written in one round trip, each only from the
 * state it started from (appended records: outcome-repository).
 *
 * Email only: a message governed by an entry with a digest is collected into the
 * recipient's digest window instead (mailed when it closes); an escalation's email whose in-app
 * notification is read (or opened) by now is skipped `read_in_app`, spending no quota.
 *
 * Quota: one unit per (notification, medium), in the month the notification was created (a scheduled
 * send: the month it was due); when none
 * is left the message is skipped `quota_exceeded`. A transient failure (4xx SMTP, timeouts, 429 and
 * 5xx of an HTTP provider) is retried with exponential backoff (at least the provider's Retry-After),
 * the attempt count persisted; a permanent refusal ends it `failed` (`provider_error`) at once; after
 * the medium's max attempts it ends `failed` (`provider_error`; its unit stays spent). A refused
 * address (`address_rejected`) or an expired push subscription (`subscription_expired`) marks the
 * contact undeliverable first (so a crash in between only repeats an idempotent mark) and is never
 * retried. The outcome records the provider that took the message. A worker that dies while holding
 * a claim: its message is sent again once the claim is retaken (at least once), except for a medium
 * sent at most once (chat), which ends `failed` ("interrupted while sending") instead.
 *
 * A medium whose sender admits its messages first (mobile push: a place in line at each provider) has
 * those it is too busy for turned away before the claim, so they cost no claim and no release; a message
 * its sender turns away at send time (web push, chat) only gives its claim up.
 */
export function createSendOutbound(deps: SendOutboundDeps, medium: OutboundMedium, logger: Logger) {
  const leaseMs = deps.settings.emailLeaseMs;
  const field = outcomeField(medium);
  const legacyLeaseOf = (d: NotificationDoc) => d[`${field}_lease_until`];
  const attemptOf = (d: NotificationDoc) => ({ id: d._id, attempts: outcomeOf(d, medium).attempts });
  /** Comes back once a claim's lease (if any) has passed. */
  const retryAfter = (until: Date | undefined): OutboundStep => ({ kind: 'retry', inMs: Math.max(100, (until?.getTime() ?? 0) - deps.now().getTime() + 100) });
  const channel = channelOf(deps, medium);
  const retry =
    medium === 'email' ? { maxAttempts: deps.settings.emailMaxAttempts, baseMs: deps.settings.emailRetryBaseMs } : (deps.settings.outboundRetry?.[medium] ?? { maxAttempts: deps.settings.emailMaxAttempts, baseMs: deps.settings.emailRetryBaseMs });

  const collectDigests = medium === 'email' ? deps.collectDigests : undefined;
  /**
   * The batch's notifications: on a first delivery those held as just inserted by this process
   * (fresh-notifications), the rest from the store, their outcome records followed. A redelivery
   * reads them all from the store (what it holds is dropped).
   */
  const readBatch = async (ids: number[], redelivered: boolean): Promise<NotificationDoc[]> => {
    const fresh = deps.fresh?.take(medium, ids);
    if (redelivered || !fresh?.size) return deps.notifications.findByIds(ids);
    return [...fresh.values(), ...(await deps.notifications.findByIds(ids.filter((id) => !fresh.has(id))))];
  };

  return async function sendOutbound(ids: number[], opts: { redelivered?: boolean } = {}): Promise<Map<number, OutboundStep>> {
    const steps = new Map<number, OutboundStep>(ids.map((id) => [id, { kind: 'done' }]));
    const docs = await readBatch(ids, opts.redelivered ?? false);
    // Messages that ended in an earlier delivery of their job: re-emitted from the store (dropped as repeats).
    const endedBefore: NotificationDoc[] = [];
    const pending: NotificationDoc[] = [];
    for (const d of docs) {
      const o = outcomeOf(d, medium);
      if (o.status !== 'pending' || !o.address) endedBefore.push(d);
      // Claimed on the notification itself by an older version of this service: left to it until its lease passes.
      else if ((legacyLeaseOf(d)?.getTime() ?? 0) > deps.now().getTime()) steps.set(d._id, retryAfter(legacyLeaseOf(d)));
      else pending.push(d);
    }
    // A message its sender is too busy for (mobile push: its provider's shares in flight and queue
    // full) is turned away before it is claimed; what the sender keeps for the others is given back
    // as each is sent, and whatever is left when the batch ends, however it ends.
    const admission = await admitted(channel, pending);
    for (const [id, inMs] of admission.turnedAway) {
      deps.metrics.outbound(medium, 'retried');
      steps.set(id, { kind: 'retry', inMs });
    }
    try {
      return await sendAdmitted(pending.filter((d) => !admission.turnedAway.has(d._id)), endedBefore, steps, admission, opts);
    } finally {
      admission.release();
    }
  };

  /** Claims the admitted messages (those another worker holds come back later), and sends those it holds. */
  async function sendAdmitted(pending: NotificationDoc[], endedBefore: NotificationDoc[], steps: Map<number, OutboundStep>, admission: Admission, opts: { redelivered?: boolean }): Promise<Map<number, OutboundStep>> {
    // At most one message per notification under redelivery: the batch claims the attempt each
    // pending message is at (appended claims, one insert for the batch), and sends only those it holds.
    const claim = randomUUID();
    const leaseEnd = () => new Date(deps.now().getTime() + leaseMs);
    const claimed = await deps.outcomes.claimOutbound(medium, pending.map(attemptOf), claim, leaseEnd(), deps.now());
    // Another worker is sending it (this job was delivered again meanwhile): the job comes back once
    // that claim's lease has passed, and then finds the outcome, or retakes a dead worker's claim.
    for (const [id, until] of claimed.heldElsewhere) steps.set(id, retryAfter(until));
    // A retaken claim's worker died at some point after reading the message: read it again.
    const reread = new Map((claimed.retaken.size > 0 ? await deps.notifications.findByIds([...claimed.retaken]) : []).map((d) => [d._id, d]));
    const ready: NotificationDoc[] = [];
    for (const d of pending.filter((x) => claimed.held.has(x._id))) {
      const latest = reread.get(d._id) ?? d;
      if (outcomeOf(latest, medium).status !== 'pending') endedBefore.push(latest);
      else if (outcomeOf(latest, medium).attempts !== outcomeOf(d, medium).attempts) steps.set(d._id, retryAfter(undefined));
      else ready.push(latest);
    }
    // The lease is renewed while the batch runs longer than a third of it (a slow exchange), so no
    // other worker takes these messages while this one may still be sending them.
    const held = ready.map(attemptOf);
    // A renewal still in flight when the outcomes are written extends a claim no one consults again: not a loss.
    let finished = false;
    const renewal =
      held.length === 0
        ? undefined
        : setInterval(() => {
            deps.outcomes.renewOutboundLeases(medium, held, claim, leaseEnd()).then(
              (n) => n < held.length && !finished && logger.warn({ medium, notificationIds: held.map((h) => h.id), held: n }, 'outbound claims lost while sending (their lease passed): another worker may send them too'),
              (err) => !finished && logger.warn({ err, medium, notificationIds: held.map((h) => h.id) }, 'outbound lease not renewed (retried at the next renewal)'),
            );
          }, Math.max(50, Math.floor(leaseMs / 3)));
    // Those not sent in this batch give back what their sender holds for them at once.
    const sending = new Set(ready.map((d) => d._id));
    admission.release(pending.filter((d) => !sending.has(d._id)).map((d) => d._id));
    try {
      // A medium sent at most once: a dead worker's message (its claim retaken) may have gone out, so it is not sent again.
      const interrupted = SENT_AT_MOST_ONCE.has(medium) ? claimed.retaken : new Set<number>();
      return await sendClaimed({ claimed: ready, endedBefore, interrupted, claim, steps, admission, opts, writing: () => (finished = true) });
    } finally {
      finished = true;
      clearInterval(renewal);
    }
  }

  async function sendClaimed(batch: ClaimedBatch): Promise<Map<number, OutboundStep>> {
    const { claimed, endedBefore, interrupted, claim, steps, admission, opts, writing } = batch;
    // Governed by an entry with a digest (email only): collected into the recipient's window, mailed when it closes.
    if (collectDigests) await collectDigests(claimed.filter((d) => d.digest_rule));
    const ready = collectDigests ? claimed.filter((d) => !d.digest_rule) : claimed;
    const contents = await channel.contents(ready);
    // Escalation (email only): an email whose in-app notification was read (or opened) by now is skipped, and spends no quota.
    const heldBack = new Set(
      medium === 'email' ? ready.filter((d) => contents.has(d._id) && heldBackByInApp((contents.get(d._id) as EmailContent).unless, d)).map((d) => d._id) : [],
    );

    // First attempts take their unit, per project and month, in one reservation each.
    const refused = new Set<number>();
    const byQuota = new Map<string, NotificationDoc[]>();
    for (const d of ready.filter((x) => outcomeOf(x, medium).attempts === 0 && contents.has(x._id) && !heldBack.has(x._id) && !interrupted.has(x._id))) {
      const k = `${d.project_id}|${quotaPeriod(d.send_at ?? d.created_at)}|${d.settings?.monthlyQuota ?? null}`;
      byQuota.set(k, [...(byQuota.get(k) ?? []), d]);
    }
    await Promise.all(
      [...byQuota.values()].map(async (group) => {
        const owners = group.map((d) => quotaOwner(d._id, medium));
        const granted = await deps.quota.reserve(group[0].project_id, quotaPeriod(group[0].send_at ?? group[0].created_at), owners, group[0].settings?.monthlyQuota ?? null, opts.redelivered);
        group.forEach((d, i) => !granted.has(owners[i]) && refused.add(d._id));
      }),
    );

    const now = deps.now();
    const changes: OutcomeChange[] = [];
    // Not attempted (the sender was busy): only the claim is given up.
    const notAttempted: NotificationDoc[] = [];
    await Promise.all(
      ready.map(async (d) => {
        const current = outcomeOf(d, medium);
        const content = contents.get(d._id);
        const from = { status: 'pending', attempts: current.attempts };
        const claimed = { id: d._id, from };
        if (!content) return;
        if (interrupted.has(d._id)) {
          changes.push({ ...claimed, outcome: { ...current, status: 'failed', reason: 'provider_error', attempts: current.attempts + 1, error: INTERRUPTED_ERROR } });
          return;
        }
        if (heldBack.has(d._id)) {
          deps.metrics.outbound(medium, 'skipped');
          changes.push({ ...claimed, outcome: { ...current, status: 'skipped', reason: 'read_in_app' } });
          return;
        }
        if (refused.has(d._id)) {
          deps.metrics.quotaRefused(medium);
          changes.push({ ...claimed, outcome: { ...current, status: 'skipped', reason: 'quota_exceeded' } });
          return;
        }
        const attempts = current.attempts + 1;
        let next: OutboundOutcome;
        try {
          const sent = await admission.send(d, content);
          next = { ...current, status: 'sent', reason: null, message_id: sent.messageId, attempts, sent_at: deps.now(), error: sent.note ?? null, provider: sent.provider };
        } catch (err) {
          const error = String((err as Error)?.message ?? err).slice(0, 500);
          const kind = failureKind(err);
          // A refused address (or a gone subscription) whose contact could not be marked now is retried, never left unmarked.
          const gone = kind === 'address_rejected' || kind === 'expired';
          if (kind === 'busy') {
            notAttempted.push(d);
            steps.set(d._id, { kind: 'retry', inMs: (err as { retryAfterMs?: number }).retryAfterMs ?? BUSY_RETRY_MS });
            return;
          }
          if (gone && (medium === 'mobile_push' || (await markUndeliverable(deps, medium, d, err)))) {
            // Mobile push: its sender removed the gone devices already.
            next = { ...current, status: 'failed', reason: kind === 'expired' ? expiredReason(medium) : 'address_rejected', attempts, error };
          } else if (attempts >= retry.maxAttempts || kind === 'rejected') {
            next = { ...current, status: 'failed', reason: 'provider_error', attempts, error };
          } else {
            next = { ...current, attempts, error };
            steps.set(d._id, { kind: 'retry', inMs: retryDelayMs(attempts, retry.baseMs, (err as { retryAfterMs?: number }).retryAfterMs) });
          }
        }
        changes.push({ ...claimed, outcome: next });
      }),
    );
    writing();
    const byId = new Map(ready.map((d) => [d._id, d]));
    const [applied] = await Promise.all([deps.outcomes.writeOutcomes(medium, changes, byId, claim, now), deps.outcomes.releaseOutbound(medium, notAttempted.map(attemptOf), claim)]);
    notAttempted.forEach(() => deps.metrics.outbound(medium, 'retried'));
    if (applied === changes.length) {
      for (const c of changes) {
        const s = c.outcome.status;
        deps.metrics.outbound(medium, s === 'sent' ? 'sent' : s === 'failed' ? 'failed' : s === 'skipped' ? 'skipped' : 'retried');
      }
    }
    // Outcome events of the messages that ended (a retry is no outcome), from what was written; when
    // a racing delivery wrote some, from the store.
    const written =
      applied === changes.length
        ? changes.map((c): NotificationDoc => ({ ...byId.get(c.id)!, [field]: c.outcome, updated_at: now }))
        : await deps.notifications.findByIds(changes.map((c) => c.id));
    // A message whose outcome this batch could not write (another worker wrote first, or an older
    // version of this service claimed it on the notification) and which is still pending: its job
    // comes back later (after that claim's lease) rather than being acknowledged here, since an
    // acknowledgement would also drop the other worker's retry of it.
    if (applied < changes.length) {
      for (const d of written) {
        if (outcomeOf(d, medium).status !== 'pending' || steps.get(d._id)?.kind === 'retry') continue;
        steps.set(d._id, retryAfter(legacyLeaseOf(d)));
      }
    }
    const events = [...written, ...endedBefore].flatMap((d) => outboundEvents(d, medium));
    // Also for messages `sent` in an earlier delivery of the job: that delivery may have stopped before this step.
    const later = channel.afterSent ? await channel.afterSent([...written, ...endedBefore].filter((d) => outcomeOf(d, medium).status === 'sent')) : [];
    await deps.events.emit([...events, ...later]);
    return steps;
  }
}

/** Marks the refused address (or expired subscription) undeliverable; false when that could not be done now (then retried). */
async function markUndeliverable(deps: SendOutboundDeps, medium: OutboundMedium, d: NotificationDoc, err: unknown): Promise<boolean> {
  const reason = String((err as { response?: string })?.response ?? (err as Error)?.message ?? err).slice(0, 500);
  try {
    await deps.recipients.markContactUndeliverable({ projectId: BigInt(d.project_id), recipientId: d.recipient_id, medium, address: outcomeOf(d, medium).address!, reason });
    return true;
  } catch {
    return false;
  }
}
