import { DomainError } from '@herald/service-kit';
import type { ListAudience, RecipientDirectory, RecipientPresence } from '../kernel/ports';
import type { AudienceDoc } from '../kernel/store/broadcast-repository';

/** One page of a send's audience, in the shape the fan-out keeps its cursor in. */
export interface AudiencePage {
  recipientIds: string[];
  recipientSeqs: bigint[];
  nextAfter: string;
  upperBound: string;
  done: boolean;
  remainingAtMost: bigint;
}

export interface AudiencePageRequest {
  projectId: bigint;
  after: string;
  upperBound: string;
  pageSize: number;
}

/** The ports the audiences page through. */
export interface AudiencePagesDeps {
  recipients: RecipientDirectory;
  presence: RecipientPresence;
  lists: ListAudience;
}

/** The bound a chosen audience keeps (it needs no snapshot: its ids are stored, or read page by page). */
const CHOSEN_BOUND = 'audience';
/** A list tells no count: the fan-out assumes more may follow, so the caps are decided at the finish. */
const LIST_LEFT_UNKNOWN = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The audiences of a send to many, each paged the way the fan-out pages every recipient (same
 * cursor, bound and page size, so the chunked, exactly-once fan-out is one for all): every
 * recipient (ListRecipientIds under the snapshotted bound), explicit ids (stored with the
 * broadcast, sorted: the cursor is a position in them) or a list's subscribers (ListSubscribers,
 * read page by page: a subscriber is in when their page is read). Ids left out by name are
 * filtered from each page. Explicit ids are confirmed (created when missing, as a direct send does)
 * for their incarnations; subscribers carry theirs, kept on the subscription, and only those
 * subscribed before it was kept are confirmed. A list removed while its send fans out ends the send
 * where it is.
 */
export function createAudiencePages(deps: AudiencePagesDeps, opts: { timeoutMs: number }) {
  const withSeqs = async (projectId: bigint, ids: string[]) => (await Promise.all(ids.map((id) => deps.presence.ensure(projectId, id)))).map(BigInt);
  /** The page with every incarnation: those kept on the subscriptions as they are, the others (0n) confirmed. */
  const withKeptSeqs = async (projectId: bigint, p: AudiencePage): Promise<AudiencePage> => {
    if (p.recipientSeqs.every((seq) => seq > 0n)) return p;
    const seqs = await Promise.all(p.recipientIds.map(async (id, i) => (p.recipientSeqs[i] > 0n ? p.recipientSeqs[i] : BigInt(await deps.presence.ensure(projectId, id)))));
    return { ...p, recipientSeqs: seqs };
  };

  const explicitPage = async (ids: string[], req: AudiencePageRequest): Promise<AudiencePage> => {
    const start = req.after === '' ? 0 : Number(req.after);
    const end = Math.min(ids.length, start + req.pageSize);
    const page = ids.slice(start, end);
    return { recipientIds: page, recipientSeqs: await withSeqs(req.projectId, page), nextAfter: String(end), upperBound: CHOSEN_BOUND, done: end >= ids.length, remainingAtMost: BigInt(ids.length - end) };
  };

  const listPage = async (list: string, req: AudiencePageRequest): Promise<AudiencePage> => {
    try {
      const p = await deps.lists.page(req.projectId, list, req.after, req.pageSize);
      return { recipientIds: p.recipientIds, recipientSeqs: p.recipientSeqs, nextAfter: p.next, upperBound: CHOSEN_BOUND, done: p.next === '', remainingAtMost: p.next === '' ? 0n : LIST_LEFT_UNKNOWN };
    } catch (err) {
      if (err instanceof DomainError && err.code === 'list_not_found') return { recipientIds: [], recipientSeqs: [], nextAfter: req.after, upperBound: CHOSEN_BOUND, done: true, remainingAtMost: 0n };
      throw err;
    }
  };

  const leaveOut = (p: AudiencePage, excluded: Set<string>): AudiencePage => {
    if (!p.recipientIds.some((id) => excluded.has(id))) return p;
    const keep = p.recipientIds.map((id, i) => ({ id, seq: p.recipientSeqs[i] })).filter((r) => !excluded.has(r.id));
    return { ...p, recipientIds: keep.map((r) => r.id), recipientSeqs: p.recipientSeqs.length > 0 ? keep.map((r) => r.seq!) : [] };
  };

  return async function audiencePage(audience: AudienceDoc | null | undefined, req: AudiencePageRequest): Promise<AudiencePage> {
    if (audience?.recipient_ids) return explicitPage(audience.recipient_ids, req);
    const excluded = new Set(audience?.exclude_recipient_ids ?? []);
    if (audience?.list !== undefined) return withKeptSeqs(req.projectId, leaveOut(await listPage(audience.list, req), excluded));
    return leaveOut(await deps.recipients.listRecipientIds(req, { timeoutMs: opts.timeoutMs }), excluded);
  };
}
