import type { Access, Principal } from './principal';

/**
 * Whether an authenticated principal may use a route. A recipient token works only
 * on routes that carry `recipient_id` in their path, and only for its own recipient.
 */
export function isAllowed(access: Exclude<Access, 'public' | 'admin'>, principal: Principal, params: unknown): boolean {
  if (principal.kind === 'key') return access === 'recipient' || principal.scope === 'full';
  if (access !== 'recipient') return false;
  const recipientId = (params as { recipient_id?: unknown } | undefined)?.recipient_id;
  return typeof recipientId === 'string' && recipientId === principal.recipientId;
}
