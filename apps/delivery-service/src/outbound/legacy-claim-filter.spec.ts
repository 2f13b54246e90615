import { legacyClaimFilter } from './legacy-claim-filter';

describe('legacyClaimFilter', () => {
  it('when the batch is asked for older claims, then the claim is a string range the store filters in its query, not $exists (which it checks only after decoding every notification)', () => {
    expect(legacyClaimFilter('email', [7, 8])).toEqual({ _id: { $in: [7, 8] }, email_claim: { $gte: '' } });
    expect(legacyClaimFilter('web_push', [7])).toEqual({ _id: { $in: [7] }, push_claim: { $gte: '' } });
  });
});
