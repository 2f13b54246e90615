import { outcomeField, type OutboundMedium } from '../kernel/outbound';

/**
 * The notifications among `ids` that carry a claim of `medium` written by an older version of this
 * service (a string: its claim id). Asked as a string range, which the local store evaluates inside
 * its SQL query on the `_id` index's rows; `$exists` it evaluates only after decoding every
 * notification of the batch (measured: ~12 against ~1.5 store CPU-ms per batch of 48).
 */
export const legacyClaimFilter = (medium: OutboundMedium, ids: number[]) => ({ _id: { $in: ids }, [`${outcomeField(medium)}_claim`]: { $gte: '' } });
