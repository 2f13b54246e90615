import { createFakeClock, type Logger } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import type { AcceptedSend } from '../kernel/notification';
import type { IdempotencyDoc } from './idempotency-repository';
import { CLAIM_LEASE_MS } from './claim-lease';
import { createSendNotification } from './send-notification';
import type { SendInput } from './send-rules';

const CLAIMED_ID = 42;

/**
 * A send whose `Idempotency-Key` another request claimed at the fake clock's start, naming send
 * CLAIMED_ID, and never wrote it: the store answers every claim with that record and finds no send
 * until the repeat publishes one.
 */
function claimedElsewhere() {
  const clock = createFakeClock();
  const claimedAt = clock.date();
  let looks = 0;
  const published: AcceptedSend[] = [];
  const deps = {
    now: () => clock.date(),
    settings: { maxActiveBroadcasts: 0 },
    idempotency: {
      claim: async (projectId: number, key: string, requestHash: string): Promise<{ kind: 'existing'; doc: IdempotencyDoc }> => {
        looks++;
        return { kind: 'existing', doc: { _id: `${projectId}:${key}`, project_id: projectId, request_hash: requestHash, kind: 'notification', ref_id: CLAIMED_ID, created_at: claimedAt } };
      },
    },
    notificationIds: { next: async () => 1_000 + looks },
    notifications: { findById: async () => null },
    // What the service answers from once the send is published (it is not written yet).
    accepted: { find: async (id: number) => published.find((s) => s.id === id) ?? null },
    timers: { find: async () => null },
    presence: { ensure: async () => 7 },
    jobs: { send: async (send: AcceptedSend) => void published.push(send) },
  };
  const send = createSendNotification(deps as never, { warn: jest.fn() } as unknown as Logger, { clock });
  return { clock, claimedAt, send, published, looks: () => looks };
}

const input: SendInput = {
  projectId: 1,
  settings: { strictTargets: false, maxBroadcastRecipientsForEmail: 0, monthlyQuota: null },
  recipientId: 'ina',
  target: null,
  payloadJson: '{"n":3}',
  email: null,
  sms: null,
  push: null,
  idempotencyKey: 'k-1',
};

describe('a repeat of a send whose key another request claimed', () => {
  it('when the claim is within its lease, then the repeat waits for it (sending nothing) until the lease has passed, then writes the claimed send under its id', async () => {
    const w = claimedElsewhere();
    const answered = w.send(input);
    // The repeat looks (one claim attempt), finds the claim within its lease, and sleeps on the clock
    // until the next look: the clock is moved a second at a time up to the lease's end, one look each.
    let looks = 1;
    await eventually('the first look', () => w.looks() >= looks);
    while (w.clock.now() - w.claimedAt.getTime() < CLAIM_LEASE_MS) {
      w.clock.advance(Math.min(1_000, CLAIM_LEASE_MS - (w.clock.now() - w.claimedAt.getTime())));
      looks++;
      await eventually(`look ${looks}`, () => w.looks() >= looks);
    }
    // The look exactly at the lease's end still leaves the claim to the first request; the next
    // one, a poll later, takes it over: the send is written under the claimed id then, not before.
    w.clock.advance(50);
    const result = await answered;
    expect(result.notification).toMatchObject({ id: CLAIMED_ID, status: 'enqueued' });
    expect(w.looks()).toBe(looks + 1);
    expect(w.published.map((s) => [s.id, s.recipientId, s.createdAt.getTime() - w.claimedAt.getTime()])).toEqual([[CLAIMED_ID, 'ina', CLAIM_LEASE_MS + 50]]);
  });
});
