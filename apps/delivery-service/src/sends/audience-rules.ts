import { LIMITS } from '@herald/contracts';
import { checkRecipientId, invalid, violation, type Violation } from '@herald/service-kit';
import type { AudienceDoc } from '../kernel/store/broadcast-repository';

/** Who a send to many names, as the request carries it (absent on a direct send and a plain broadcast). */
export interface AudienceRequest {
  /** Empty: none given. */
  recipientIds: string[];
  list: string | null;
  excludeRecipientIds: string[];
}

/** A recipient id of `recipient_ids` that failed the recipient id rules: left out of the send. */
export interface RecipientFailure {
  id: string;
  batchIndex: number;
  errors: Violation[];
}

/** A list key: 1 to 128 characters of letters, digits and `. _ : -`. */
const LIST_KEY = /^[A-Za-z0-9._:-]{1,128}$/;

const audienceConflict = (message: string) => invalid(message, [], 'audience_conflict');

/**
 * The audience rules of a send: exactly one of `recipient_id`, `list`, `recipient_ids` or none (a
 * broadcast); 1 to 1,000 recipient ids, duplicates counted once; at most 100 excluded ids, each a
 * valid recipient id, and none on a direct send. An id of `recipient_ids` failing the recipient id
 * rules is left out and answered as a failure item (all of them failing: 400). Returns the stored
 * audience (explicit ids sorted, unique, the excluded ones out) or null for a direct send or a plain
 * broadcast.
 */
export function checkAudience(recipientId: string | null, req: AudienceRequest | undefined): { audience: AudienceDoc | null; failed: RecipientFailure[] } {
  if (!req || (req.recipientIds.length === 0 && req.list === null && req.excludeRecipientIds.length === 0)) return { audience: null, failed: [] };
  const many = req.recipientIds.length > 0 || req.list !== null;
  if (recipientId !== null && many) throw audienceConflict('A send names one audience: recipient_id, list or recipient_ids');
  if (recipientId !== null) throw audienceConflict('exclude_recipient_ids applies to a send to many (list, recipient_ids or a broadcast)');
  if (req.list !== null && req.recipientIds.length > 0) throw audienceConflict('A send names one audience: recipient_id, list or recipient_ids');
  const excluded = [...new Set(req.excludeRecipientIds)];
  const problems: Violation[] = [];
  if (req.list !== null && !LIST_KEY.test(req.list)) problems.push(violation('list', 'list must be 1 to 128 characters of letters, digits and . _ : -', req.list));
  if (req.excludeRecipientIds.length > LIMITS.sendExcludedMax) {
    problems.push(violation('exclude_recipient_ids', `exclude_recipient_ids holds at most ${LIMITS.sendExcludedMax} ids`, null));
  } else {
    req.excludeRecipientIds.forEach((id, i) => {
      const v = checkRecipientId(id, `exclude_recipient_ids[${i}]`);
      if (v) problems.push(v);
    });
  }
  const unique = [...new Set(req.recipientIds)];
  if (unique.length > LIMITS.sendRecipientIdsMax) problems.push(violation('recipient_ids', `recipient_ids holds at most ${LIMITS.sendRecipientIdsMax} ids`, null));
  if (problems.length > 0) throw invalid('The send is invalid', problems);

  const failed: RecipientFailure[] = [];
  req.recipientIds.forEach((id, batchIndex) => {
    const v = checkRecipientId(id, 'recipient_id');
    if (v) failed.push({ id, batchIndex, errors: [v] });
  });
  if (req.list !== null) return { audience: { list: req.list, exclude_recipient_ids: excluded }, failed };
  if (req.recipientIds.length === 0) return { audience: { exclude_recipient_ids: excluded }, failed };
  if (failed.length === req.recipientIds.length) throw invalid('No id of recipient_ids is a valid recipient id', failed.flatMap((f) => f.errors.map((e) => ({ ...e, property_path: `recipient_ids[${f.batchIndex}]` }))));
  const out = new Set(excluded);
  const bad = new Set(failed.map((f) => f.id));
  const ids = unique.filter((id) => !out.has(id) && !bad.has(id)).sort();
  return { audience: { recipient_ids: ids, exclude_recipient_ids: excluded }, failed };
}
