import type { Principal } from '../../plugins/app/auth/principal';
import type { Audience } from '../notifications/views';

/** Full keys see the provider's email error text; Recipient keys and recipient tokens a summary. */
export const audienceOf = (principal: Principal): Audience => (principal.kind === 'key' && principal.scope === 'full' ? 'full' : 'recipient');
