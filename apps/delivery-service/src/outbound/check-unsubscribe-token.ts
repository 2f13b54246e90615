import { DomainError } from '@herald/service-kit';
import type { UnsubscribeClaim } from './unsubscribe-token';
import type { UnsubscribeLinks } from './unsubscribe-token';

const MESSAGES = {
  invalid: 'This unsubscribe link is not valid',
  expired: 'This unsubscribe link has expired: use the link of a newer email, or change your preferences in the application',
} as const;

/** The ports this use case works with. */
export interface CheckUnsubscribeTokenDeps {
  unsubscribe?: UnsubscribeLinks;
}

/**
 * What a one-click unsubscribe token allows: one recipient's email preference for one target. A
 * forged, malformed or expired token is refused (not found: 404 at the gateway, code
 * `unsubscribe_token_invalid` or `unsubscribe_token_expired`); so is every token while unsubscribe
 * links are not configured.
 */
export function createCheckUnsubscribeToken(deps: CheckUnsubscribeTokenDeps) {
  return function checkUnsubscribeToken(token: string): UnsubscribeClaim {
    const checked = deps.unsubscribe ? deps.unsubscribe.tokens.verify(token) : ({ ok: false, why: 'invalid' } as const);
    if (checked.ok) return checked.claim;
    throw new DomainError('not_found', checked.why === 'expired' ? 'unsubscribe_token_expired' : 'unsubscribe_token_invalid', MESSAGES[checked.why]);
  };
}
