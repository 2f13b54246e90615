import type { SendBody } from '../api';
import { UsageError } from '../errors';

/** The `herald send` flags of a mobile push. */
export interface MobilePushOpts {
  mobileTitle?: string;
  mobileBody?: string;
  mobileBadge?: string;
  mobileData?: string;
}

/** The send's mobile_push block from its flags; undefined when none is given. */
export function mobilePushOf(opts: MobilePushOpts): SendBody['mobile_push'] {
  const { mobileTitle: title, mobileBody: body, mobileBadge: badge, mobileData: data } = opts;
  if (title === undefined && body === undefined && badge === undefined && data === undefined) return undefined;
  if (title === undefined || body === undefined) throw new UsageError('a mobile push needs both --mobile-title and --mobile-body');
  const block: NonNullable<SendBody['mobile_push']> = { title, body };
  if (badge !== undefined) {
    if (badge !== 'unread' && !/^\d+$/.test(badge)) throw new UsageError(`--mobile-badge is a whole number or "unread" (got "${badge}")`);
    block.badge = badge === 'unread' ? 'unread' : Number(badge);
  }
  if (data !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (err) {
      throw new UsageError(`--mobile-data is not valid JSON: ${(err as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError('--mobile-data must be a JSON object of strings');
    block.data = parsed as Record<string, string>;
  }
  return block;
}
