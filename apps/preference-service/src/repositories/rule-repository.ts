import type { Db } from 'mongodb';
import type { OwnRule, RuleSet } from '../domain/rules';
import { keyOf, parseKey } from '../domain/targets';

/** `[enabled, written at (ms since epoch)]`: compact, because batch reads decode many documents. */
type StoredRule = [boolean, number];

/**
 * All of one recipient's rules in one document, keyed by `keyOf(target, medium)` (escaped so it is
 * a valid field name, and reversible). Every read of a recipient's rules is one `_id` lookup, which
 * is also the only lookup FerretDB (SQLite) pushes down to its store; setting one rule is one
 * atomic `$set` of one field, with no read before it.
 */
interface RuleDoc {
  /** `<project_id>:<recipient_id>` (the project id holds no ':', so the split is unambiguous). */
  _id: string;
  r: Record<string, StoredRule>;
  /** Last write of any rule: lets an erasure drop the whole document at once. */
  at: Date;
}

const idOf = (projectId: number, recipientId: string) => `${projectId}:${recipientId}`;
const recipientOf = (id: string) => id.slice(id.indexOf(':') + 1);

function toRuleSet(rules: Record<string, StoredRule> | undefined): RuleSet {
  const set = new Map<string, OwnRule>();
  for (const [key, [enabled, at]] of Object.entries(rules ?? {})) {
    const parsed = parseKey(key);
    if (parsed) set.set(key, { ...parsed, enabled, updatedAt: new Date(at) });
  }
  return set;
}

export function createRuleRepository(db: Db) {
  const col = db.collection<RuleDoc>('recipient_rules');

  return {
    async ensureIndexes(): Promise<void> {
      // Every query of this collection is by `_id` (`<project>:<recipient>`), served by the
      // built-in `_id` index: one recipient's rules (set, list, check, erasure) and the batch
      // resolve's `_id: {$in: [...]}` over up to 1,000 recipients. No secondary index is needed.
    },

    async findForRecipient(projectId: number, recipientId: string): Promise<RuleSet> {
      const doc = await col.findOne({ _id: idOf(projectId, recipientId) });
      return toRuleSet(doc?.r);
    },

    /**
     * One query for many recipients (recipients without rules are absent from the answer). Whole
     * documents are read: they are small, and FerretDB pays more for a projection than it saves.
     */
    async findForRecipients(projectId: number, recipientIds: string[]): Promise<Map<string, RuleSet>> {
      if (recipientIds.length === 0) return new Map();
      const docs = await col.find({ _id: { $in: recipientIds.map((r) => idOf(projectId, r)) } }).toArray();
      return new Map(docs.map((d) => [recipientOf(d._id), toRuleSet(d.r)]));
    },

    async set(projectId: number, recipientId: string, rule: OwnRule): Promise<void> {
      const stored: StoredRule = [rule.enabled, rule.updatedAt.getTime()];
      await col.updateOne(
        { _id: idOf(projectId, recipientId) },
        { $set: { [`r.${keyOf(rule.target, rule.medium)}`]: stored }, $max: { at: rule.updatedAt } },
        { upsert: true },
      );
    },

    /**
     * Removes the recipient's rules written at or before `at` (an erasure); rules written later
     * (the id was reused after the erasure) stay. Returns how many were removed.
     */
    async removeWrittenAtOrBefore(projectId: number, recipientId: string, at: Date): Promise<number> {
      const _id = idOf(projectId, recipientId);
      const doc = await col.findOne({ _id });
      if (!doc) return 0;
      const keys = Object.keys(doc.r ?? {});
      if ((await col.deleteOne({ _id, at: { $lte: at } })).deletedCount === 1) return keys.length;
      let removed = 0;
      for (const key of keys) {
        if (doc.r[key][1] > at.getTime()) continue;
        // Guarded by the rule's own write time, so a rule rewritten meanwhile is kept.
        const res = await col.updateOne({ _id, [`r.${key}.1`]: { $lte: at.getTime() } }, { $unset: { [`r.${key}`]: '' } });
        removed += res.modifiedCount;
      }
      return removed;
    },
  };
}

export type RuleRepository = ReturnType<typeof createRuleRepository>;
