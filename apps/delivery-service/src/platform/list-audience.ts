import { DomainError } from '@herald/service-kit';
import type { ListAudience } from '../kernel/ports';

/**
 * The list port while the recipient service has no ListSubscribers: every list send is refused at
 * acceptance (nothing is written), with its own code, instead of failing later in the fan-out.
 */
export const unavailableListAudience: ListAudience = {
  page: async () => {
    throw new DomainError('precondition', 'list_sends_unavailable', 'Sends to a list are not available on this server yet');
  },
};
