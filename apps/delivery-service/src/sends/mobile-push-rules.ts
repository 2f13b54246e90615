import { LIMITS } from '@herald/contracts';
import { violation, type Violation } from '@herald/service-kit';
import type { MobilePushContent } from '../kernel/notification';

/** FCM keeps a message at most 28 days. */
const TTL_MAX_SECONDS = 28 * 24 * 3600;
/** APNs collapse ids are at most 64 bytes. */
const COLLAPSE_KEY_MAX_BYTES = 64;

const isText = (v: unknown, max = Infinity): v is string => typeof v === 'string' && v.trim().length > 0 && [...v].length <= max;

/**
 * A mobile_push block's fields: a title (1 to LIMITS.pushTitleMax characters) and a body, data of
 * string values, a badge that is `unread` or a whole number, a sound, a collapse key of at most 64
 * bytes, a TTL of at most 28 days. The 4 KiB size is checked after these (checkMobilePushSize).
 */
export function mobilePushViolations(m: MobilePushContent | null | undefined): Violation[] {
  if (!m) return [];
  const out: Violation[] = [];
  if (!isText(m.title, LIMITS.pushTitleMax)) out.push(violation('mobile_push.title', `mobile_push.title is required, at most ${LIMITS.pushTitleMax} characters`, m.title));
  if (!isText(m.body)) out.push(violation('mobile_push.body', 'mobile_push.body is required', m.body));
  const data = m.data as unknown;
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data) || Object.values(data).some((v) => typeof v !== 'string'))) {
    out.push(violation('mobile_push.data', 'mobile_push.data must be an object of string values', null));
  }
  const badge = m.badge as unknown;
  if (badge !== undefined && badge !== 'unread' && !(Number.isInteger(badge) && (badge as number) >= 0)) {
    out.push(violation('mobile_push.badge', 'mobile_push.badge must be "unread" or a whole number', badge));
  }
  if (m.sound !== undefined && !isText(m.sound, 256)) out.push(violation('mobile_push.sound', 'mobile_push.sound must be a sound file name of at most 256 characters', m.sound));
  if (m.collapse_key !== undefined && (typeof m.collapse_key !== 'string' || m.collapse_key.length === 0 || Buffer.byteLength(m.collapse_key) > COLLAPSE_KEY_MAX_BYTES)) {
    out.push(violation('mobile_push.collapse_key', `mobile_push.collapse_key must be 1 to ${COLLAPSE_KEY_MAX_BYTES} bytes`, m.collapse_key));
  }
  const ttl = m.ttl_seconds as unknown;
  if (ttl !== undefined && !(Number.isInteger(ttl) && (ttl as number) >= 0 && (ttl as number) <= TTL_MAX_SECONDS)) {
    out.push(violation('mobile_push.ttl_seconds', `mobile_push.ttl_seconds must be a whole number from 0 to ${TTL_MAX_SECONDS}`, ttl));
  }
  return out;
}
