import { MEDIUM_DEFAULT, type StoredDecision } from '../kernel/decision';
import { emailNotRequested, emailSkipped, type NotificationStatus, type OutboundOutcome, type Target } from '../kernel/notification';
import { OUTBOUND_MEDIUMS, type OutboundMedium } from '../kernel/outbound';
import { quotaPeriod } from '../kernel/quota';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { quotaOwner, type QuotaRepository } from '../outbound';
import { applyThrottle, type ApplyThrottlesDeps } from '../scheduling';
import type { DeliveryMetrics } from '../platform';
import { digestRuleOf, type DigestRule } from '../kernel/digest-rule';
import { gateOutbound, type GateOutboundDeps } from './gate-outbound';
import type { PreferenceResolver } from '../kernel/ports';

/** The ports this use case works with. */
export interface DecideDeps extends ApplyThrottlesDeps, GateOutboundDeps {
  metrics: DeliveryMetrics;
  preferences: PreferenceResolver;
  quota: QuotaRepository;
}

/** One notification to decide: who, what it asks for, and the quota it counts against. */
export interface ToDecide {
  id: number;
  projectId: number;
  recipientId: string;
  target: Target | null;
  /** The send carries a payload (asks for in-app). */
  inApp: boolean;
  /** The outbound mediums the send asks for (an email, sms or push block each). */
  outbound: readonly OutboundMedium[];
  monthlyQuota: number | null;
  /** The notification's creation time: its quota units count in this UTC month. */
  createdAt: Date;
}

/** A notification's outcome, decided before its only write. */
export interface Decided {
  status: NotificationStatus;
  /** The outcome of each outbound medium asked for (absent: not requested). */
  outbound: Partial<Record<OutboundMedium, OutboundOutcome>>;
  decision: StoredDecision;
  /** A pending email governed by an entry with a digest: it is collected, not mailed alone. */
  digest?: DigestRule;
}

/** The outcome fields of a notification document: `email` always, `sms` and `push` only when asked for. */
export function outcomeFields(outbound: Decided['outbound']): Pick<NotificationDoc, 'email' | 'sms' | 'push'> {
  return {
    email: outbound.email ?? emailNotRequested(),
    ...(outbound.sms ? { sms: outbound.sms } : {}),
    ...(outbound.web_push ? { push: outbound.web_push } : {}),
  };
}

const RESOLVE_MAX = 1000;

/** Groups items by a string key, keeping their order. */
function groupBy<T>(items: T[], keyOf: (t: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

const chunksOf = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const targetKey = (d: ToDecide) => `${d.projectId}|${d.target ? JSON.stringify([d.target.channel, d.target.topic, d.target.event]) : ''}`;

/**
 * The pipeline's one deciding step, shared by direct sends and broadcast chunks: in-app
 * preferences with one `ResolveBatch` per (project, target), quota units for the enabled ones with
 * one reservation per (project, month), and for each outbound medium (email, SMS, web push) gating
 * with one `ResolveBatch` and one `GetPrimaryContacts` per (project, target, medium); each medium's
 * outcome with the cascade decision that made it. Reads nothing of the notifications themselves: the caller writes the result
 * once. Quota: one unit per (notification, medium), owned by it, so deciding again (a redelivered
 * job, `maybeSpent`) never spends a second unit.
 */
export async function decide(
  deps: DecideDeps,
  items: ToDecide[],
  opts: { maybeSpent?: boolean } = {},
): Promise<Map<number, Decided>> {
  const out = new Map<number, Decided>(
    items.map((d) => [d.id, { status: d.inApp ? 'enqueued' : 'not_requested', outbound: {}, decision: {} }]),
  );

  // In-app: the cascade per (project, target); no target: the medium's default (delivers).
  const enabled: ToDecide[] = [];
  await Promise.all(
    groupBy(
      items.filter((d) => d.inApp),
      targetKey,
    ).flatMap((group) =>
      chunksOf(group, RESOLVE_MAX).map(async (part) => {
        const first = part[0];
        if (!first.target) {
          for (const d of part) out.get(d.id)!.decision.in_app = MEDIUM_DEFAULT;
          enabled.push(...part);
          return;
        }
        const ids = [...new Set(part.map((d) => d.recipientId))];
        const r = await deps.preferences.resolveBatch({ projectId: BigInt(first.projectId), target: first.target, medium: 'in_app', recipientIds: ids });
        const at = new Map(ids.map((id, i) => [id, i]));
        const passed: ToDecide[] = [];
        for (const d of part) {
          const i = at.get(d.recipientId)!;
          const o = out.get(d.id)!;
          if (r.decisions[i]) o.decision.in_app = r.decisions[i];
          if (r.enabled[i]) passed.push(d);
          else o.status = 'suppressed';
        }
        // The governing entry's throttle, before quota: a throttled one spends no unit.
        const throttled = await applyThrottle(deps, first.projectId, 'in_app', r.governing, passed);
        for (const d of passed) {
          if (throttled.has(d.id)) out.get(d.id)!.status = 'throttled';
          else enabled.push(d);
        }
      }),
    ),
  );
  await Promise.all(
    groupBy(enabled, (d) => `${d.projectId}|${quotaPeriod(d.createdAt)}|${d.monthlyQuota}`).map(async (group) => {
      const first = group[0];
      const owners = group.map((d) => quotaOwner(d.id, 'in_app'));
      const granted = await deps.quota.reserve(first.projectId, quotaPeriod(first.createdAt), owners, first.monthlyQuota, opts.maybeSpent);
      group.forEach((d, i) => {
        const ok = granted.has(owners[i]);
        out.get(d.id)!.status = ok ? 'delivered' : 'quota_exceeded';
        if (!ok) deps.metrics.quotaRefused('in_app');
      });
    }),
  );

  // Outbound gating, in batch per medium, project and target.
  await Promise.all(
    OUTBOUND_MEDIUMS.flatMap((medium) =>
      groupBy(
        items.filter((d) => d.outbound.includes(medium)),
        targetKey,
      ).flatMap((group) =>
        chunksOf(group, RESOLVE_MAX).map(async (part) => {
          const gated = await gateOutbound(deps, medium, part[0].projectId, part[0].target, [...new Set(part.map((d) => d.recipientId))]);
          // The governing entry's throttle, on every medium; its digest, on email only.
          const passing = part.filter((d) => gated.byRecipient.get(d.recipientId)!.outcome.status === 'pending');
          const throttled = await applyThrottle(deps, part[0].projectId, medium, gated.governing, passing);
          const digest = medium === 'email' ? digestRuleOf(gated.governing) : undefined;
          for (const d of part) {
            const g = gated.byRecipient.get(d.recipientId)!;
            const o = out.get(d.id)!;
            const outcome = throttled.has(d.id) ? emailSkipped('throttled', g.outcome.address) : g.outcome;
            o.outbound[medium] = outcome;
            if (g.decision) o.decision[medium] = g.decision;
            if (digest && outcome.status === 'pending') o.digest = digest;
          }
        }),
      ),
    ),
  );
  return out;
}
