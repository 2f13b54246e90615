import type { NotificationDoc } from '../../kernel/store/notification-repository';
import type { ClaimCall, ClaimResult } from '../outbound-claims';
import type { OutcomeChange, OutcomeRepository, OutcomeWrite } from '../outcome-repository';
import { coalescedOutcomeWrites } from './coalesced-outcome-writes';

const held = (...ids: number[]): ClaimResult => ({ held: new Set(ids), retaken: new Set(), heldElsewhere: new Map() });
const change = (id: number): OutcomeChange => ({ id, from: { status: 'pending', attempts: 0 }, outcome: { status: 'sent', reason: null, address: '1', message_id: null, attempts: 1, sent_at: null, error: null } });

describe('coalesced outcome writes', () => {
  it('when several jobs claim and write their outcomes at once, then one call of each serves them, each job learning its own fate', async () => {
    const claimCalls: ClaimCall[][] = [];
    const writeCalls: OutcomeWrite[][] = [];
    const repository = {
      claimOutboundEach: async (_m: string, calls: ClaimCall[]) => (claimCalls.push(calls), calls.map((c) => (c.claim === 'job-b' ? held() : held(...c.requests.map((r) => r.id))))),
      writeOutcomesEach: async (_m: string, writes: OutcomeWrite[]) => (writeCalls.push(writes), writes.map((w) => (w.claim === 'job-b' ? 0 : w.changes.length))),
    } as unknown as OutcomeRepository;
    const outcomes = coalescedOutcomeWrites(repository);
    const now = new Date();
    const [a, b] = await Promise.all([outcomes.claimOutbound('mobile_push', [{ id: 1, attempts: 0 }], 'job-a', now, now), outcomes.claimOutbound('mobile_push', [{ id: 2, attempts: 0 }], 'job-b', now, now)]);
    expect([[...a.held], [...b.held], claimCalls.map((c) => c.map((x) => x.claim))]).toEqual([[1], [], [['job-a', 'job-b']]]);
    const written = await Promise.all(['job-a', 'job-b'].map((claim, i) => outcomes.writeOutcomes('mobile_push', [change(i + 1)], new Map<number, NotificationDoc>(), claim, now)));
    expect([written, writeCalls.length]).toEqual([[1, 0], 1]);
  });
});
