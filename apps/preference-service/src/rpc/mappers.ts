import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  CatalogEntrySchema,
  DecisionSchema,
  PreferenceStateSchema,
  type CatalogDigest as CatalogDigestMessage,
  type CatalogThrottle as CatalogThrottleMessage,
  type CatalogEntry as CatalogEntryMessage,
  type CatalogEntryInput as CatalogEntryInputMessage,
  type Decision as DecisionMessage,
  type PreferenceState,
  type Target as TargetMessage,
} from '@herald/contracts';
import type { ResolvedPreference } from '../domain/cascade';
import type { ResolvedBatch } from '../usecases/resolve-batch';
import type { CatalogEntry } from '../domain/catalog';
import type { CatalogDigest, CatalogThrottle } from '../domain/delivery-rules';
import type { Decision } from '../domain/resolve';
import type { Target } from '../domain/targets';
import type { RawCatalogInput } from '../domain/validation';

/** An int64 id as a number; 0 (never a valid id) when out of the safe range. */
export const idOf = (v: bigint): number => (v > 0n && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : 0);

export const targetMessage = (t: Target) => ({ channel: t.channel, topic: t.topic, event: t.event });

/** A target as received: absent fields stay absent so validation can name them. */
export const targetInput = (t: TargetMessage | undefined): Partial<Target> | undefined => t && { channel: t.channel, topic: t.topic, event: t.event };

export function catalogEntryMessage(e: CatalogEntry): CatalogEntryMessage {
  return create(CatalogEntrySchema, {
    id: BigInt(e.id),
    projectId: BigInt(e.projectId),
    target: targetMessage(e.target),
    medium: e.medium,
    label: e.name,
    description: e.description ?? undefined,
    defaultEnabled: e.defaultEnabled,
    mandatory: e.mandatory,
    digest: e.digest ? digestMessage(e.digest) : undefined,
    throttle: e.throttle ? throttleMessage(e.throttle) : undefined,
    createdAt: timestampFromDate(e.createdAt),
    updatedAt: timestampFromDate(e.updatedAt),
  });
}

export const catalogInput = (m: CatalogEntryInputMessage | undefined): RawCatalogInput => ({
  target: targetInput(m?.target),
  medium: m?.medium,
  name: m?.name,
  description: m?.description,
  defaultEnabled: m?.defaultEnabled ?? false,
  mandatory: m?.mandatory ?? false,
  digest: m?.digest ? digestInput(m.digest) : null,
  throttle: m?.throttle ? throttleInput(m.throttle) : null,
});

export const digestMessage = (d: CatalogDigest) => ({ windowSeconds: d.windowSeconds, maxItems: d.maxItems, subject: d.subject });
export const throttleMessage = (t: CatalogThrottle) => ({ max: t.max, windowSeconds: t.windowSeconds });
export const digestInput = (m: CatalogDigestMessage): Partial<CatalogDigest> => ({ windowSeconds: m.windowSeconds, maxItems: m.maxItems, subject: m.subject });
export const throttleInput = (m: CatalogThrottleMessage): Partial<CatalogThrottle> => ({ max: m.max, windowSeconds: m.windowSeconds });

export const stateMessage = (s: ResolvedPreference): PreferenceState =>
  create(PreferenceStateSchema, { enabled: s.enabled, inherited: s.inherited, cataloged: s.cataloged, mandatory: s.mandatory });

/** What decided: the step, and the recipient rule or catalog entry as it is now (set_via absent when not recorded). */
export function decisionMessage({ because, rule, entry }: Decision): DecisionMessage {
  return create(DecisionSchema, {
    because,
    recipientRule: rule && {
      target: targetMessage(rule.target),
      medium: rule.medium,
      enabled: rule.enabled,
      setAt: timestampFromDate(rule.updatedAt),
      setVia: rule.setVia ?? undefined,
    },
    catalogEntry: entry && {
      id: BigInt(entry.id),
      label: entry.name,
      target: targetMessage(entry.target),
      medium: entry.medium,
      defaultEnabled: entry.defaultEnabled,
      mandatory: entry.mandatory,
    },
  });
}

/** One medium's resolution on the wire (the response's top level, or one of its `by_medium`). */
export function resolutionMessage(r: ResolvedBatch) {
  const g = r.governing;
  return {
    enabled: r.enabled,
    covered: r.covered,
    mandatory: r.mandatory,
    decisions: r.decisions.map(decisionMessage),
    decisionOf: r.decisionOf,
    governing: g
      ? { id: BigInt(g.id), target: targetMessage(g.target), digest: g.digest ? digestMessage(g.digest) : undefined, throttle: g.throttle ? throttleMessage(g.throttle) : undefined }
      : undefined,
  };
}
