import { createHash } from 'node:crypto';
import { conflict, createBatcher, DomainError, isDuplicateKey, sleep, type Clock, type Logger } from '@herald/service-kit';
import { acceptedView, type Broadcast, type Notification, type Target } from '../kernel/notification';
import { checkSend, targetNotCataloged, type Medium, type SendInput } from './send-rules';
import { acceptedSendOf } from './send-request';
import { CLAIM_LEASE_MS, claimLeasePassed } from './claim-lease';
import { checkAudience, type RecipientFailure } from './audience-rules';
import { scheduledFor } from '../kernel/timing-rules';
import { timerId, type TimerDoc } from '../kernel/store/timer-repository';
import { toBroadcast, type AudienceDoc, type BroadcastDoc } from '../kernel/store/broadcast-repository';
import type { IdempotencyDoc } from './idempotency-repository';
import { acceptedNotification } from '../kernel/store/notification-repository';
import { findSent, type GetNotificationDeps } from './get-notification';
import type { IdAllocator } from '../kernel/id-allocator';
import type { JobPort, ListAudience, PreferenceResolver, RecipientPresence } from '../kernel/ports';
import type { DeliverySettings, Failpoint } from '../kernel/settings';
import type { BroadcastRepository } from '../kernel/store/broadcast-repository';
import type { TimerRepository } from '../kernel/store/timer-repository';
import type { IdempotencyRepository } from './idempotency-repository';
import { createTimerCap } from '../scheduling';

export interface SendResult {
  notification: Notification | null;
  broadcast: Broadcast | null;
  /** A send to recipient ids: the ids left out for failing the recipient id rules. */
  failed?: RecipientFailure[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

const tooManyBroadcasts = (cap: number) =>
  new DomainError('exhausted', 'rate_limited', `This project already has ${cap} broadcasts in progress; retry when one has completed`);

/** The ports this use case works with. */
export interface SendNotificationDeps extends GetNotificationDeps {
  broadcastIds: IdAllocator;
  broadcasts: BroadcastRepository;
  failpoint?: (at: Failpoint) => void;
  idempotency: IdempotencyRepository;
  jobs: JobPort;
  lists: ListAudience;
  notificationIds: IdAllocator;
  now: () => Date;
  preferences: PreferenceResolver;
  presence: RecipientPresence;
  settings: DeliverySettings;
  timers: TimerRepository;
}

/** How long a repeat waiting for a claimed key's first request waits between looks. */
const CLAIM_POLL_MS = 50;

/** The broadcast as the send answered it (an idempotent replay answers this). */
function acceptedBroadcast(d: BroadcastDoc): Broadcast {
  return toBroadcast({
    ...d,
    status: d.send_at ? 'scheduled' : 'enqueued',
    recipients_total: 0,
    notifications_created: 0,
    email: d.email_content ? { status: 'pending', eligible: null } : null,
    push: d.push_content ? { status: 'pending', eligible: null } : null,
    ...(d.sms_content ? { sms: { status: 'pending' as const, eligible: null } } : {}),
    ...(d.mobile_push_content ? { mobile_push: { status: 'pending' as const, eligible: null } } : {}),
    updated_at: d.created_at,
  });
}

/**
 * Accepts a send (docs/api-gateway.md, "Send notification"). Writes nothing until every rule
 * passed (strict targets are checked before the recipient is auto-created). A direct send is
 * published to JetStream (SendJob, under its notification id) and answered once the stream stored
 * it: the send is durable then, and the worker writes its notification once, decided.
 * Concurrent sends share their round trips: recipient confirmations, id blocks and coverage checks
 * are batched, and publishes are pipelined. A broadcast is written (`enqueued`) and its job published.
 *
 * With an `Idempotency-Key`, the id of the send is chosen first and the key claimed naming it (one
 * write holds the claim and, in effect, the response: the send under that id). A repeat with the
 * same request answers that send as accepted; with another request, 409. A claim whose send was
 * never written (crash, failed request that could not release it) is completed by a repeat after
 * `leaseMs`, under the same id; a repeat while the first is still within its lease waits for it,
 * looking again every CLAIM_POLL_MS on `opts.clock` (the time it compares is `deps.now`).
 */
export function createSendNotification(deps: SendNotificationDeps, logger: Logger, opts: { leaseMs?: number; waitMs?: number; slotLeaseMs?: number; clock?: Clock } = {}) {
  const leaseMs = opts.leaseMs ?? CLAIM_LEASE_MS;
  /** A broadcast slot claimed this long ago whose broadcast is not written is taken over (a crash in between). */
  const slotLeaseMs = opts.slotLeaseMs ?? 60_000;
  const waitMs = opts.waitMs ?? 10_000;

  // Strict targets: concurrent sends of one project share one CheckCoverage call.
  const coverage = createBatcher<{ target: Target; medium: Medium }, boolean, number>({
    lingerMs: 1,
    maxBatch: 500,
    concurrency: 4,
    run: async (queries, projectId) => (await deps.preferences.checkCoverage({ projectId: BigInt(projectId), queries })).covered,
  });

  const withinTimerCap = createTimerCap(deps.timers, deps.settings.maxPendingTimers ?? 0, () => deps.now().getTime());

  // Scheduled sends: concurrent ones insert their timers together (one insertMany).
  const schedule = createBatcher<TimerDoc, boolean, number>({
    lingerMs: 2,
    maxBatch: 500,
    concurrency: 4,
    run: async (docs) => {
      await deps.timers.schedule(docs);
      return docs.map(() => true);
    },
  });

  const perform = async (input: SendInput, mediums: Medium[], audience: AudienceDoc | null, givenId?: number): Promise<SendResult> => {
    const projectId = BigInt(input.projectId);
    if (input.settings.strictTargets && input.target) {
      const covered = await Promise.all(mediums.map((medium) => coverage.add({ target: input.target!, medium }, input.projectId)));
      const missing = mediums.filter((_, i) => !covered[i]);
      if (missing.length > 0) throw targetNotCataloged(missing);
    }
    const now = deps.now();
    // A future send_at makes it a scheduled send (a timer); absent or past, it goes now.
    const dueAt = scheduledFor(input.sendAt, now);
    if (dueAt) await withinTimerCap(input.projectId);
    if (input.recipientId === null) {
      const id = givenId ?? (await deps.broadcastIds.next());
      // A scheduled broadcast takes its slot when it fires (it is not running until then).
      if (!dueAt) await claimBroadcastSlot(input.projectId, id, now);
      const doc: BroadcastDoc = {
        _id: id,
        project_id: input.projectId,
        target: input.target!,
        payload_json: input.payloadJson!,
        email_content: input.email,
        ...(input.push ? { push_content: input.push } : {}),
        ...(input.sms ? { sms_content: input.sms } : {}),
        ...(input.mobilePush ? { mobile_push_content: input.mobilePush } : {}),
        settings: input.settings,
        status: 'enqueued' as const,
        cursor: '',
        chunks_published: 0,
        fanout_done: false,
        recipients_total: 0,
        notifications_created: 0,
        email: input.email ? { status: 'pending' as const, eligible: null } : null,
        email_eligible: 0,
        ...(input.push ? { push: { status: 'pending' as const, eligible: null } } : {}),
        ...(input.sms ? { sms: { status: 'pending' as const, eligible: null } } : {}),
        ...(input.mobilePush ? { mobile_push: { status: 'pending' as const, eligible: null } } : {}),
        created_at: now,
        updated_at: now,
        ...(dueAt ? { status: 'scheduled' as const, send_at: dueAt } : {}),
        ...(audience ? { audience } : {}),
      };
      // The timer first: a scheduled broadcast is never without it (a timer whose broadcast was
      // never written finds nothing to fire).
      if (dueAt) await deps.timers.schedule([{ _id: timerId('broadcast', id), kind: 'broadcast', project_id: input.projectId, ref: id, due_ms: dueAt.getTime(), created_at: now }]);
      try {
        await deps.broadcasts.insert(doc);
      } catch (err) {
        // A takeover of a claimed key whose first request did write it after all: the same send.
        // The slot claim stays: taken over once its lease is over if the broadcast is not there
        // (freeing it now could free the slot of a broadcast whose insert did land).
        if (givenId === undefined || !isDuplicateKey(err)) throw err;
      }
      if (!dueAt) await publishOrLeaveToSweeper(() => deps.jobs.broadcast(projectId, id));
      return { notification: null, broadcast: toBroadcast(doc) };
    }
    const [recipientSeq, id] = await Promise.all([deps.presence.ensure(projectId, input.recipientId), givenId ?? deps.notificationIds.next()]);
    const send = acceptedSendOf(input, { id, recipientId: input.recipientId, recipientSeq, createdAt: now, sendAt: dueAt });
    if (dueAt) {
      // Scheduled: its timer holds the send until it fires, then it is published as any other.
      await schedule.add({ _id: timerId('send', id), kind: 'send', project_id: input.projectId, ref: id, due_ms: dueAt.getTime(), send, created_at: now }, 0);
      return { notification: acceptedView(send, true), broadcast: null };
    }
    // Durable once the stream stored it; a failed publish fails the send (nothing was written). A
    // takeover publishing the same id again is harmless: the worker writes each id once.
    await deps.jobs.send(send);
    deps.failpoint?.('exit_after_accept');
    return { notification: acceptedView(send), broadcast: null };
  };

  /**
   * At most `maxActiveBroadcasts` broadcasts of a project enqueued or fanning out at once (broadcast
   * amplification), exactly: the broadcast claims one of the project's slots before it is
   * written (kernel/store/broadcast-repository.ts, claimSlot), and frees it when it completes. A repeat of
   * the same send (idempotency takeover) finds the slot its id holds and takes no second one.
   */
  const claimBroadcastSlot = async (projectId: number, id: number, now: Date) => {
    const cap = deps.settings.maxActiveBroadcasts;
    if (cap <= 0) return;
    if (!(await deps.broadcasts.claimSlot(projectId, id, cap, now, slotLeaseMs))) throw tooManyBroadcasts(cap);
  };

  /** The send is durable once written; a failed publish is retried by the outbox sweeper. */
  const publishOrLeaveToSweeper = async (publish: () => Promise<void>) => {
    try {
      await publish();
    } catch (err) {
      logger.warn({ err }, 'publish failed; the outbox sweeper will publish the job');
    }
  };

  /** The send a claim names, as accepted, or null while it is not written. */
  const findClaimed = async (projectId: number, claim: IdempotencyDoc): Promise<SendResult | null> => {
    if (claim.kind === 'broadcast') {
      const b = await deps.broadcasts.findById(projectId, claim.ref_id!);
      return b ? { notification: null, broadcast: acceptedBroadcast(b) } : null;
    }
    const sent = await findSent(deps, projectId, claim.ref_id!);
    if (!sent) return null;
    const scheduled = 'accepted' in sent && Boolean(sent.accepted.sendAt);
    return { notification: 'accepted' in sent ? acceptedView(sent.accepted, scheduled) : acceptedNotification(sent.doc), broadcast: null };
  };

  const sendWithKey = async (input: SendInput, mediums: Medium[], audience: AudienceDoc | null, key: string): Promise<SendResult> => {
    const hash = createHash('sha256')
      // SMS, push, chat and mobile push join the hash only when present, and so does send_at: keys claimed before they existed keep their hash.
      .update(
        JSON.stringify([
          input.recipientId,
          input.target,
          input.payloadJson,
          input.email,
          ...(input.sms || input.push ? [input.sms, input.push] : []),
          ...(input.chat ? [{ chat: input.chat }] : []),
          ...(input.mobilePush ? [{ mobile_push: input.mobilePush }] : []),
          ...(input.sendAt !== undefined ? [{ send_at: input.sendAt }] : []),
          ...(input.audience ? [{ audience: input.audience }] : []),
        ]),
      )
      .digest('hex');
    const kind = input.recipientId === null ? ('broadcast' as const) : ('notification' as const);
    const deadline = deps.now().getTime() + waitMs;
    for (;;) {
      const id = kind === 'broadcast' ? await deps.broadcastIds.next() : await deps.notificationIds.next();
      const claim = await deps.idempotency.claim(input.projectId, key, hash, { kind, id }, deps.now());
      if (claim.kind === 'claimed') {
        try {
          return await perform(input, mediums, audience, id);
        } catch (err) {
          // Best effort: a claim left behind is taken over by a repeat after its lease.
          await deps.idempotency.release(input.projectId, key, { refId: id }).catch(() => undefined);
          throw err;
        }
      }
      const { doc } = claim;
      if (deps.now().getTime() - doc.created_at.getTime() > DAY_MS) {
        await deps.idempotency.release(input.projectId, key, { createdAt: doc.created_at });
        continue;
      }
      if (doc.request_hash !== hash || (doc.kind !== undefined && doc.kind !== kind)) {
        throw conflict('idempotency_conflict', 'This Idempotency-Key was used with a different request');
      }
      if (doc.ref_id === undefined) {
        // A claim written by an earlier version: its stored response, once there.
        if (doc.response) return reviveResult(doc.response);
      } else {
        const replay = await findClaimed(input.projectId, doc);
        if (replay) return replay;
        if (claimLeasePassed(doc.created_at, deps.now(), leaseMs)) {
          // The first request died between its claim and its send: complete it under the same id.
          await perform(input, mediums, audience, doc.ref_id);
          return (await findClaimed(input.projectId, doc))!;
        }
      }
      if (deps.now().getTime() > deadline) throw conflict('idempotency_conflict', 'A request with this Idempotency-Key is still in progress');
      await sleep(CLAIM_POLL_MS, { clock: opts.clock });
    }
  };

  return async function sendNotification(input: SendInput): Promise<SendResult> {
    const mediums = checkSend(input, deps.now());
    const { audience, failed } = checkAudience(input.recipientId, input.audience);
    // An unknown list is refused before anything is written (the port throws list_not_found).
    if (audience?.list !== undefined) await deps.lists.page(BigInt(input.projectId), audience.list, '', 1);
    const key = input.idempotencyKey;
    const result = await (key ? sendWithKey(input, mediums, audience, key) : perform(input, mediums, audience));
    return failed.length > 0 ? { ...result, failed } : result;
  };
}

const DATE_KEYS = new Set(['createdAt', 'updatedAt', 'sent_at']);
function reviveResult(json: string): SendResult {
  return JSON.parse(json, (k, v) => (DATE_KEYS.has(k) && typeof v === 'string' ? new Date(v) : v)) as SendResult;
}
