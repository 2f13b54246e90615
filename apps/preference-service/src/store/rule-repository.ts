import { isDuplicateKey } from '@herald/service-kit';
import type { Db } from 'mongodb';
import { isSetVia, type OwnRule, type RuleSet, type SetVia } from '../domain/rules';
import { isMedium, keyOf, parseKey } from '../domain/targets';

/**
 * One document per rule. The natural key is held in values, never in a field name, so any string
 * a caller may send (spaces, tabs, dots, `$`) is stored as sent. Setting a rule is one atomic
 * upsert of its own document (FerretDB v1 rewrites a whole document on update and has no
 * positional array operators, so rules of one recipient sharing a document could lose concurrent
 * writes). Short field names, because batch reads decode many documents.
 */
interface RuleDoc {
  /** project id */
  p: number;
  /** recipient id */
  r: string;
  /** medium, channel, event, topic */
  m: string;
  c: string;
  e: string;
  t: string;
  on: boolean;
  /** Written at, ms since epoch (the rule's `set_at`). */
  at: number;
  /** Written through (`set_via`): api_key | recipient_token | unsubscribe_link; absent when not recorded. */
  via?: string;
}

/** The former layout (collection `recipient_rules`): one document per recipient, rules keyed by `keyOf`. Migrated at start. */
interface LegacyRuleDoc {
  _id: string;
  r?: Record<string, [boolean, number]>;
}

const LEGACY_COLLECTION = 'recipient_rules';

const keyFields = (projectId: number, recipientId: string, rule: Pick<OwnRule, 'target' | 'medium'>) => ({
  p: projectId,
  r: recipientId,
  m: rule.medium,
  c: rule.target.channel,
  e: rule.target.event,
  t: rule.target.topic,
});

function toRuleSet(docs: RuleDoc[]): RuleSet {
  const set = new Map<string, OwnRule>();
  for (const d of docs) {
    if (!isMedium(d.m)) continue;
    const rule: OwnRule = {
      target: { channel: d.c, topic: d.t, event: d.e },
      medium: d.m,
      enabled: d.on,
      updatedAt: new Date(d.at),
      setVia: isSetVia(d.via) ? d.via : null,
    };
    set.set(keyOf(rule.target, rule.medium), rule);
  }
  return set;
}

export function createRuleRepository(db: Db) {
  const col = db.collection<RuleDoc>('recipient_rule_entries');

  /**
   * Writes the rule (its state, write time and, when known, what it was set through; an unknown
   * one is cleared, so `via` always describes the last write), or with `onlyIfAbsent` only when no
   * rule of the same key is stored. One atomic upsert; idempotent.
   */
  async function upsert(filter: ReturnType<typeof keyFields>, on: boolean, at: number, via: SetVia | null, onlyIfAbsent: boolean): Promise<void> {
    const update = onlyIfAbsent
      ? { $setOnInsert: { on, at } }
      : via
        ? { $set: { on, at, via } }
        : { $set: { on, at }, $unset: { via: '' as const } };
    const write = () => col.updateOne(filter, update, { upsert: true });
    try {
      await write();
    } catch (err) {
      // Two first writes of the same rule raced: the loser's insert hit the unique key, which
      // now exists, so repeating the write updates it.
      if (!isDuplicateKey(err)) throw err;
      await write();
    }
  }

  return {
    async ensureIndexes(): Promise<void> {
      // The natural key, unique: keeps one document per rule under concurrent first writes, and
      // its prefix {p, r} serves every read (one recipient's rules: check, list, erasure; and the
      // batch resolve's `r: {$in: [...]}` over up to 1,000 recipients, one query).
      await col.createIndex({ p: 1, r: 1, m: 1, c: 1, e: 1, t: 1 }, { unique: true, name: 'rule_natural_key' });
      await this.migrateLegacy();
    },

    /**
     * Moves rules of the former layout (one document per recipient, rules keyed by an escaped
     * natural key) into one document each, then drops the old document. Safe to run by several
     * replicas at once and to repeat: a rule already written in the new layout is kept.
     */
    async migrateLegacy(): Promise<number> {
      const legacy = db.collection<LegacyRuleDoc>(LEGACY_COLLECTION);
      let moved = 0;
      for await (const doc of legacy.find({})) {
        const sep = doc._id.indexOf(':');
        const projectId = Number(doc._id.slice(0, sep));
        const recipientId = doc._id.slice(sep + 1);
        for (const [key, [on, at]] of Object.entries(doc.r ?? {})) {
          const parsed = parseKey(key);
          if (!parsed || sep < 0 || !Number.isSafeInteger(projectId)) continue;
          await upsert(keyFields(projectId, recipientId, parsed), on, at, null, true);
          moved += 1;
        }
        await legacy.deleteOne({ _id: doc._id });
      }
      return moved;
    },

    async findForRecipient(projectId: number, recipientId: string): Promise<RuleSet> {
      return toRuleSet(await col.find({ p: projectId, r: recipientId }).toArray());
    },

    /** One query for many recipients (recipients without rules are absent from the answer). */
    async findForRecipients(projectId: number, recipientIds: string[]): Promise<Map<string, RuleSet>> {
      if (recipientIds.length === 0) return new Map();
      const docs = await col.find({ p: projectId, r: { $in: [...new Set(recipientIds)] } }).toArray();
      const byRecipient = new Map<string, RuleDoc[]>();
      for (const d of docs) byRecipient.set(d.r, [...(byRecipient.get(d.r) ?? []), d]);
      return new Map([...byRecipient].map(([r, list]) => [r, toRuleSet(list)]));
    },

    /** How many rules the recipient has (the natural-key index's {p, r} prefix serves it). */
    async countForRecipient(projectId: number, recipientId: string): Promise<number> {
      return col.countDocuments({ p: projectId, r: recipientId });
    },

    /** Whether the recipient has a rule for this (target, medium) (the natural-key index serves it). */
    async has(projectId: number, recipientId: string, rule: Pick<OwnRule, 'target' | 'medium'>): Promise<boolean> {
      return (await col.countDocuments(keyFields(projectId, recipientId, rule), { limit: 1 })) > 0;
    },

    async set(projectId: number, recipientId: string, rule: OwnRule): Promise<void> {
      await upsert(keyFields(projectId, recipientId, rule), rule.enabled, rule.updatedAt.getTime(), rule.setVia, false);
    },

    /**
     * Removes the recipient's rules written at or before `at` (an erasure); rules written later
     * (the id was reused after the erasure) stay. Returns how many were removed.
     */
    async removeWrittenAtOrBefore(projectId: number, recipientId: string, at: Date): Promise<number> {
      return (await col.deleteMany({ p: projectId, r: recipientId, at: { $lte: at.getTime() } })).deletedCount;
    },
  };
}

export type RuleRepository = ReturnType<typeof createRuleRepository>;
