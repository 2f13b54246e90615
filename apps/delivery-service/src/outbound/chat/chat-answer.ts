import { DeliveryFailure } from '../../kernel/outbound';
import type { BoundedResponse } from '../push/bounded-request';

/** Slack Web API errors that say the channel is not one the bot can post to: the contact is marked undeliverable. */
const SLACK_ADDRESS_ERRORS = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'user_not_found', 'user_disabled', 'cannot_dm_bot']);
/** Slack Web API errors about our credentials, or Slack's moment: worth another attempt once fixed or later. */
const SLACK_TRANSIENT_ERRORS = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'account_inactive', 'ratelimited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

/** Retry-After in milliseconds: seconds (fractions allowed) or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : undefined;
}

/**
 * A chat service's HTTP answer other than 2xx: 429 and 5xx `transient` with Retry-After kept; 404
 * and 410 (the webhook or channel is gone) `address_rejected`; 401 and 403 `transient` (our
 * credentials: failing until fixed, never the message's fault); other 4xx `rejected`.
 */
export function httpAnswerFailure(who: string, res: BoundedResponse, nowMs: number): DeliveryFailure {
  const said = res.body.slice(0, 200).trim();
  const message = `${who} answered ${res.status}${said ? `: ${said}` : ''}`;
  if (res.status === 429 || res.status >= 500) return new DeliveryFailure('transient', message, retryAfterMs(res.headers['retry-after'], nowMs));
  if (res.status === 404 || res.status === 410) return new DeliveryFailure('address_rejected', message);
  if (res.status === 401 || res.status === 403) return new DeliveryFailure('transient', message);
  return new DeliveryFailure('rejected', message);
}

/** Slack Web API answers 200 with `{ok: false, error}` for most refusals; the message's `ts` is its id. */
export function slackApiResult(res: BoundedResponse): { messageId: string | null } {
  let body: { ok?: unknown; error?: unknown; ts?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    throw new DeliveryFailure('transient', `Slack answered ${res.status} without JSON`);
  }
  if (body.ok === true) return { messageId: typeof body.ts === 'string' ? body.ts : null };
  const error = String(body.error ?? 'unknown_error').slice(0, 100);
  if (SLACK_ADDRESS_ERRORS.has(error)) throw new DeliveryFailure('address_rejected', `Slack refused the channel: ${error}`);
  if (SLACK_TRANSIENT_ERRORS.has(error)) throw new DeliveryFailure('transient', `Slack answered ${error}`);
  throw new DeliveryFailure('rejected', `Slack refused the message: ${error}`);
}
