import { MEDIUM_DEFAULT, type StoredDecision } from '../kernel/decision';
import { emailNotRequested, emailSkipped, type NotificationStatus, type OutboundOutcome, type Target } from '../kernel/notification';
import { OUTBOUND_MEDIUMS, type OutboundMedium } from '../kernel/outbound';
import { quotaPeriod } from '../kernel/quota';
import { outcomeStatusKeys, type ActivityKeys } from '../kernel/store/activity-keys';
import type { NotificationDoc } from '../kernel/store/notification-repository';
import { quotaOwner, type QuotaRepository } from '../outbound';
import { applyThrottle, type ApplyThrottlesDeps } from '../scheduling';
import type { DeliveryMetrics } from '../platform';
import { digestRuleOf, type DigestRule } from '../kernel/digest-rule';
import { gateOutbound, type GateOutboundDeps } from './gate-outbound';
import { outsideSmsCountries } from './sms-countries';
import type { MediumResolution, PreferenceResolver } from '../kernel/ports';

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
  /** The project's `sms_country_codes` at the send (absent or empty: every country). */
  smsCountryCodes?: readonly string[];
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

/**
 * The outcome fields of a notification document: `email` always, `sms`, `push`, `chat` and
 * `mobile_push` only when asked for, each with its status copy (activity-keys.ts).
 */
export function outcomeFields(outbound: Decided['outbound']): Pick<NotificationDoc, 'email' | 'sms' | 'push' | 'chat' | 'mobile_push'> & ActivityKeys {
  const email = outbound.email ?? emailNotRequested();
  return {
    email,
    ...(outbound.sms ? { sms: outbound.sms } : {}),
    ...(outbound.web_push ? { push: outbound.web_push } : {}),
    ...(outbound.chat ? { chat: outbound.chat } : {}),
    ...(outbound.mobile_push ? { mobile_push: outbound.mobile_push } : {}),
    ...outcomeStatusKeys({ ...outbound, email }),
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

/** Up to RESOLVE_MAX notifications of one (project, target), with every medium they ask for resolved in one call. */
interface ResolvedPart {
  items: ToDecide[];
  /** The part's distinct recipients, in the order the resolutions' arrays follow. */
  recipientIds: string[];
  /** Each asked medium's resolution; empty when the send has no target (no cascade runs). */
  byMedium: Map<string, MediumResolution>;
}

/** The mediums a part's notifications ask for: in-app when one carries a payload, then each outbound medium asked. */
const mediumsOf = (items: ToDecide[]): string[] => [
  ...(items.some((d) => d.inApp) ? ['in_app'] : []),
  ...OUTBOUND_MEDIUMS.filter((m) => items.some((d) => d.outbound.includes(m))),
];

async function resolvePart(preferences: PreferenceResolver, items: ToDecide[]): Promise<ResolvedPart> {
  const recipientIds = [...new Set(items.map((d) => d.recipientId))];
  const { target, projectId } = items[0];
  const mediums = mediumsOf(items);
  if (!target || mediums.length === 0) return { items, recipientIds, byMedium: new Map() };
  const resolved = await preferences.resolveBatch({ projectId: BigInt(projectId), target, mediums, recipientIds });
  return { items, recipientIds, byMedium: new Map(mediums.map((m, i) => [m, resolved[i]])) };
}

/** A medium's resolution narrowed to some of the part's recipients (arrays in `ids` order). */
function forRecipients(part: ResolvedPart, medium: string, ids: string[]): MediumResolution | null {
  const r = part.byMedium.get(medium);
  if (!r) return null;
  const at = new Map(part.recipientIds.map((id, i) => [id, i]));
  return { ...r, enabled: ids.map((id) => r.enabled[at.get(id)!]), decisions: ids.map((id) => r.decisions[at.get(id)!]) };
}

/**
 * The pipeline's one deciding step, shared by direct sends and broadcast chunks: the preferences
 * of every medium asked with one `ResolveBatch` per (project, target), in-app delivery for the
 * enabled ones, quota units for them with one reservation per (project, month), and for each
 * outbound medium (email, SMS, web push) gating with one `GetPrimaryContacts` per (project, target, medium); each medium's
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

  const parts = await Promise.all(
    groupBy(items, targetKey)
      .flatMap((group) => chunksOf(group, RESOLVE_MAX))
      .map((part) => resolvePart(deps.preferences, part)),
  );

  // In-app: the cascade per (project, target); no target: the medium's default (delivers).
  const enabled: ToDecide[] = [];
  await Promise.all(
    parts.map(async (part) => {
      const asking = part.items.filter((d) => d.inApp);
      if (asking.length === 0) return;
      const r = part.byMedium.get('in_app');
      if (!r) {
        for (const d of asking) out.get(d.id)!.decision.in_app = MEDIUM_DEFAULT;
        enabled.push(...asking);
        return;
      }
      const at = new Map(part.recipientIds.map((id, i) => [id, i]));
      const passed: ToDecide[] = [];
      for (const d of asking) {
        const i = at.get(d.recipientId)!;
        const o = out.get(d.id)!;
        if (r.decisions[i]) o.decision.in_app = r.decisions[i];
        if (r.enabled[i]) passed.push(d);
        else o.status = 'suppressed';
      }
      // The governing entry's throttle, before quota: a throttled one spends no unit.
      const throttled = await applyThrottle(deps, asking[0].projectId, 'in_app', r.governing, passed);
      for (const d of passed) {
        if (throttled.has(d.id)) out.get(d.id)!.status = 'throttled';
        else enabled.push(d);
      }
    }),
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
    parts.flatMap((part) =>
      OUTBOUND_MEDIUMS.map(async (medium) => {
        const asking = part.items.filter((d) => d.outbound.includes(medium));
        if (asking.length === 0) return;
        const ids = [...new Set(asking.map((d) => d.recipientId))];
        const gated = await gateOutbound(deps, medium, asking[0].projectId, ids, forRecipients(part, medium, ids));
        const gatedOf = (d: ToDecide) => {
          const { outcome } = gated.byRecipient.get(d.recipientId)!;
          return outsideSmsCountries(medium, outcome, d.smsCountryCodes) ?? outcome;
        };
        // The governing entry's throttle, on every medium; its digest, on email only.
        const passing = asking.filter((d) => gatedOf(d).status === 'pending');
        const throttled = await applyThrottle(deps, asking[0].projectId, medium, gated.governing, passing);
        const digest = medium === 'email' ? digestRuleOf(gated.governing) : undefined;
        for (const d of asking) {
          const g = gated.byRecipient.get(d.recipientId)!;
          const o = out.get(d.id)!;
          const outcome = throttled.has(d.id) ? emailSkipped('throttled', g.outcome.address) : gatedOf(d);
          o.outbound[medium] = outcome;
          if (g.decision) o.decision[medium] = g.decision;
          if (digest && outcome.status === 'pending') o.digest = digest;
        }
      }),
    ),
  );
  return out;
}
