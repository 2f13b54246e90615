import type { Db } from 'mongodb';
import type { OwnRule, RuleSet } from '../domain/rules';
import { keyOf, type Medium } from '../domain/targets';

interface StoredRule {
  channel: string;
  topic: string;
  event: string;
  medium: Medium;
  enabled: boolean;
  updated_at: Date;
}

/**
 * All of one recipient's rules in one document, keyed by `keyOf(target, medium)` (escaped so it is
 * a valid field name). Every read of a recipient's rules is then one `_id` lookup, which is also
 * the only lookup FerretDB (SQLite) pushes down to its store; setting one rule is one atomic `$set`.
 */
interface RuleDoc {
  /** `<project_id>:<recipient_id>` (the project id holds no ':', so the split is unambiguous). */
  _id: string;
  project_id: number;
  recipient_id: string;
  rules: Record<string, StoredRule>;
  /** Last write of any rule: lets an erasure drop the whole document at once. */
  updated_at: Date;
}

const idOf = (projectId: number, recipientId: string) => `${projectId}:${recipientId}`;

const toRuleSet = (rules: Record<string, StoredRule> | undefined): Map<string, OwnRule> =>
  new Map(
    Object.entries(rules ?? {}).map(([key, r]) => [
      key,
      { target: { channel: r.channel, topic: r.topic, event: r.event }, medium: r.medium, enabled: r.enabled, updatedAt: r.updated_at },
    ]),
  );

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
      return toRuleSet(doc?.rules);
    },

    /** One query for many recipients, returning only the rules named by `keys`. */
    async findForRecipients(projectId: number, recipientIds: string[], keys: string[]): Promise<Map<string, RuleSet>> {
      if (recipientIds.length === 0) return new Map();
      const projection: Record<string, 1> = { recipient_id: 1 };
      for (const key of keys) projection[`rules.${key}`] = 1;
      const docs = await col
        .find({ _id: { $in: recipientIds.map((r) => idOf(projectId, r)) } }, { projection })
        .toArray();
      return new Map(docs.map((d) => [d.recipient_id, toRuleSet(d.rules)]));
    },

    async set(projectId: number, recipientId: string, rule: OwnRule): Promise<void> {
      const stored: StoredRule = { ...rule.target, medium: rule.medium, enabled: rule.enabled, updated_at: rule.updatedAt };
      await col.updateOne(
        { _id: idOf(projectId, recipientId) },
        {
          $set: { [`rules.${keyOf(rule.target, rule.medium)}`]: stored },
          $max: { updated_at: rule.updatedAt },
          $setOnInsert: { project_id: projectId, recipient_id: recipientId },
        },
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
      const count = Object.keys(doc.rules ?? {}).length;
      if ((await col.deleteOne({ _id, updated_at: { $lte: at } })).deletedCount === 1) return count;
      let removed = 0;
      for (const [key, rule] of Object.entries(doc.rules ?? {})) {
        if (rule.updated_at > at) continue;
        const res = await col.updateOne({ _id, [`rules.${key}.updated_at`]: { $lte: at } }, { $unset: { [`rules.${key}`]: '' } });
        removed += res.modifiedCount;
      }
      return removed;
    },
  };
}

export type RuleRepository = ReturnType<typeof createRuleRepository>;
