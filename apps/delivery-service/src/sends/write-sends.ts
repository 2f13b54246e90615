import { emailNotRequested, type AcceptedSend, type OutboundOutcome } from '../kernel/notification';
import type { OutboundMedium } from '../kernel/outbound';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { countByStatus, type DeliveryMetrics } from '../platform';
import { dispatchOutbound, type DispatchOutboundDeps, type FreshNotifications } from '../outbound';
import { acceptedSendFields } from './accepted-send-fields';
import { decide, outcomeFields, type Decided, type DecideDeps } from './decide';
import { gatedEvents, pendingOutbound } from '../kernel/outcome-events';
import type { OutcomeEvents } from '../kernel/outcome-events';
import type { Failpoint } from '../kernel/settings';
import type { NotificationRepository } from '../kernel/store/notification-repository';

/** The ports this use case works with. */
export interface WriteSendsDeps extends DecideDeps, DispatchOutboundDeps {
  events: OutcomeEvents;
  failpoint?: (at: Failpoint) => void;
  /** Where the notifications just inserted wait for their outbound jobs' first delivery (absent: the senders read the store). */
  fresh?: FreshNotifications;
  metrics: DeliveryMetrics;
  notifications: NotificationRepository;
  now: () => Date;
}

/** The outbound mediums an accepted send asks for. */
export const outboundOf = (s: Pick<AcceptedSend, 'email' | 'sms' | 'push' | 'chat' | 'mobilePush'>): OutboundMedium[] => [
  ...(s.email ? (['email'] as const) : []),
  ...(s.sms ? (['sms'] as const) : []),
  ...(s.push ? (['web_push'] as const) : []),
  ...(s.chat ? (['chat'] as const) : []),
  ...(s.mobilePush ? (['mobile_push'] as const) : []),
];

/** The notification document of an accepted send, in its decided state: written once. */
function docOf(s: AcceptedSend, d: Decided, now: Date): NotificationDoc {
  const pending = (m: OutboundMedium) => d.outbound[m]?.status === 'pending';
  const mailPending = pending('email');
  return {
    ...acceptedSendFields(s),
    status: d.status,
    ...outcomeFields(d.outbound),
    // What the senders need, only where a message is still to be sent.
    email_content: mailPending ? s.email : null,
    ...(pending('sms') ? { sms_content: s.sms } : {}),
    ...(pending('web_push') ? { push_content: s.push } : {}),
    ...(pending('chat') ? { chat_content: s.chat } : {}),
    ...(pending('mobile_push') ? { mobile_push_content: s.mobilePush } : {}),
    ...(mailPending || pending('sms') || pending('web_push') || pending('chat') || pending('mobile_push') ? { settings: s.settings } : {}),
    decision: d.decision,
    ...(s.sendAt ? { send_at: s.sendAt } : {}),
    ...(d.digest ? { digest_rule: d.digest } : {}),
    updated_at: now,
  };
}

/**
 * The send worker's step (write each notification once): a batch of accepted sends,
 * held by JetStream until this returns, is decided (preference, quota, outbound gating: `decide`)
 * and inserted in one `insertMany` already in its outcome, with the decision of each medium. Then
 * erasures that raced the sends are applied (tombstones read once per batch), and the outcome
 * events and the outbound jobs (email, SMS, push) are published; the caller acknowledges the sends after that.
 *
 * Redelivery never has a second effect: ids are fixed at acceptance, so a send written by an
 * earlier delivery is refused as a duplicate and its stored outcome is the one re-emitted (the
 * events' ids make the stream drop repeats); quota units are owned by (notification, medium); a
 * redelivered batch first reads what is written already and decides only the rest.
 */
export function createWriteSends(deps: WriteSendsDeps) {
  const settle = async (sends: AcceptedSend[], decided: (pending: AcceptedSend[]) => Promise<Map<number, Decided>>, redelivered: boolean) => {
    const before = redelivered ? await deps.notifications.findByIds(sends.map((s) => s.id)) : [];
    const written = new Set(before.map((d) => d._id));
    const todo = sends.filter((s) => !written.has(s.id));
    const outcome = todo.length ? await decided(todo) : new Map<number, Decided>();
    const now = deps.now();
    const docs = todo.map((s) => docOf(s, outcome.get(s.id)!, now));
    const inserted = await deps.notifications.insertDecided(docs);
    deps.failpoint?.('exit_after_insert');
    countByStatus(deps.metrics, docs.filter((d) => inserted.has(d._id)));
    // Written by a racing delivery meanwhile: its stored outcome is the one.
    const raced = docs.filter((d) => !inserted.has(d._id)).map((d) => d._id);
    const all = [...before, ...docs.filter((d) => inserted.has(d._id)), ...(await deps.notifications.findByIds(raced))];
    const erased = await deps.notifications.deleteErased(all);
    const live = all.filter((d) => !erased.has(d._id));
    deps.fresh?.keep(docs.filter((d) => inserted.has(d._id) && !erased.has(d._id)));
    // Written first, published after (events and outbound jobs together); the sends are acknowledged
    // after this, so a crash in between redelivers them and the publishes are made again.
    // An escalation's email waits for its timer; the other messages go at once, as before.
    const outbound = live.flatMap((d) =>
      pendingOutbound(d).map((medium) => ({ medium, projectId: d.project_id, id: d._id, delaySeconds: medium === 'email' ? (d.email_content?.delay_seconds ?? 0) : 0 })),
    );
    const deliveredAt = new Map(live.map((d) => [d._id, d.updated_at]));
    await Promise.all([deps.events.emit(live.flatMap((d) => gatedEvents(d))), dispatchOutbound(deps, outbound, (e) => deliveredAt.get(e.id)!)]);
  };

  return {
    /** Decides and writes a batch of accepted sends (`redelivered`: some may be written already). */
    async writeSends(sends: AcceptedSend[], opts: { redelivered?: boolean } = {}): Promise<void> {
      await settle(
        sends,
        (todo) =>
          decide(
            deps,
            todo.map((s) => ({
              id: s.id,
              projectId: s.projectId,
              recipientId: s.recipientId,
              target: s.target,
              inApp: s.payloadJson !== null,
              outbound: outboundOf(s),
              monthlyQuota: s.settings.monthlyQuota,
              smsCountryCodes: s.settings.smsCountryCodes,
              // A scheduled send counts in the month it was due.
              createdAt: s.sendAt ?? s.createdAt,
            })),
            { maybeSpent: opts.redelivered },
          ),
        opts.redelivered ?? false,
      );
    },

    /**
     * The last allowed delivery of these sends failed too (a dependency, such as the preference
     * service, stayed unavailable through every retry): each is written `failed` (an email-only one
     * keeps `not_requested`), its email `failed` (`provider_error`) with the cause, so that no
     * accepted send is left without an outcome (its SMS and push likewise). A send written meanwhile
     * keeps its outcome.
     */
    async failSends(sends: AcceptedSend[], cause: unknown): Promise<void> {
      const error = `Delivery could not be completed after retries: ${String((cause as Error)?.message ?? cause)}`.slice(0, 500);
      const failed = (): OutboundOutcome => ({ ...emailNotRequested(), status: 'failed', reason: 'provider_error', error });
      await settle(
        sends,
        async (todo) =>
          new Map(
            todo.map((s) => [
              s.id,
              {
                status: s.payloadJson !== null ? 'failed' : 'not_requested',
                outbound: Object.fromEntries(outboundOf(s).map((m) => [m, failed()])),
                decision: {},
              } satisfies Decided,
            ]),
          ),
        true,
      );
    },
  };
}
