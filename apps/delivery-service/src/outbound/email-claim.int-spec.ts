import type { NotificationDoc } from '../kernel/store/notification-repository';
import { emailJobs, useEmailStack } from '../testing/email-jobs';
import { eventually } from '@herald/testing';

const LEASE_MS = 1_000;

jest.setTimeout(90_000);

// At most one mail per notification under redelivery. The worker sending an email holds
// a claim on it (a lease, renewed while the SMTP exchange runs); a job delivered again meanwhile
// sends nothing; a dead worker's claim is retaken only after its lease.
describe('fault: an email is sent only by the worker holding its claim', () => {
  const stack = useEmailStack({ EMAIL_LEASE_MS: String(LEASE_MS), EMAIL_RETRY_BASE_MS: '600000' }, 'test-email-claim');
  const notifications = () => stack().mongo.db.collection<NotificationDoc>('notifications');
  const { read, sendOne, deliverAgain, emailSent, acknowledged } = emailJobs(stack);
  /** The claim on a notification's email attempt (`email:<id>:<attempts before it>`), an appended document of its own. */
  const claimOf = (id: bigint, attempts: number) => stack().mongo.db.collection<{ _id: string; claim: string; lease_until: Date }>('outbound_claims').findOne({ _id: `email:${id}:${attempts}` });
  /**
   * The email sent and a claim written on the notification itself gone: the outcome record is
   * appended first, then that claim removed, so a read in between sees both.
   */
  const emailSentUnclaimed = (id: bigint) =>
    eventually('email sent and the claim on the notification removed', async () => {
        const d = await read(id);
        return d?.email.status === 'sent' && d.email_claim === undefined ? d : undefined;
      }, { timeoutMs: 30_000 }
    );

  it('when an email job is delivered again while its mail is being sent (an exchange longer than the lease), then the claim is renewed, the second delivery sends nothing, and one mail goes out', async () => {
    await stack().sink.answerAfter(4 * LEASE_MS);
    try {
      const { project, id, address } = await sendOne('slow');
      // The relay has the mail, its answer is still to come: the worker holds the claim.
      await eventually('mail received by the relay', async () => (await stack().sink.messagesTo(address)).length === 1, { timeoutMs: 30_000 });
      expect(await notifications().findOne({ _id: Number(id) })).toMatchObject({ email: { status: 'pending' } });
      const claimed = await claimOf(id, 0);
      expect(claimed).toMatchObject({ claim: expect.any(String), lease_until: expect.any(Date) });
      await deliverAgain(project, id);
      // The lease is renewed while the exchange runs (same claim, a later end).
      await eventually('lease renewed', async () => {
          const d = await claimOf(id, 0);
          return d?.claim === claimed!.claim && d!.lease_until.getTime() > claimed!.lease_until.getTime();
        }, { timeoutMs: 30_000 }
      );
      const done = await emailSent(id);
      await stack().sink.answerAfter(0);
      await acknowledged();
      expect([done.email.attempts, done.email_claim, done.email_lease_until]).toEqual([1, undefined, undefined]);
      expect(await stack().sink.messagesTo(address)).toHaveLength(1);
    } finally {
      await stack().sink.answerAfter(0);
    }
  });

  it('when another worker took over an email while it was being sent (the lease passed) and then died, then the first worker does not acknowledge the job: it comes back after the lease and the email is finished', async () => {
    await stack().sink.answerAfter(3 * LEASE_MS);
    try {
      const { id, address } = await sendOne('takeover');
      await eventually('mail received by the relay', async () => (await stack().sink.messagesTo(address)).length === 1, { timeoutMs: 30_000 });
      // Meanwhile another worker took the email over (the first one's lease had passed) and died.
      const takenUntil = new Date(Date.now() + 4 * LEASE_MS);
      const taken = await notifications().updateOne({ _id: Number(id), 'email.status': 'pending' }, { $set: { email_claim: 'a-worker-that-died', email_lease_until: takenUntil } });
      expect(taken.modifiedCount).toBe(1);
      await stack().sink.answerAfter(0);
      // The first worker cannot write its outcome (the claim is not its own), so it leaves the job
      // for later instead of acknowledging it: after the takeover's lease, the job is done again.
      const done = await emailSentUnclaimed(id);
      await acknowledged();
      expect(done.email.sent_at!.getTime()).toBeGreaterThanOrEqual(takenUntil.getTime());
      expect([done.email.attempts, done.email_claim]).toEqual([1, undefined]);
      // A worker died while the mail was on its way: the relay may have it twice (at least once, never lost).
      expect((await stack().sink.messagesTo(address)).length).toBeGreaterThanOrEqual(1);
    } finally {
      await stack().sink.answerAfter(0);
    }
  });

  it('when a worker died holding an email (its claim left in the store), then the email is sent only after the lease, once', async () => {
    // The first attempt is refused (temporary): the email stays pending, its job's retry far away.
    await stack().sink.rejectNext(1, 451);
    const { project, id, address } = await sendOne('crash');
    await eventually('first attempt recorded', async () => (await read(id))?.email.attempts === 1, { timeoutMs: 30_000 });
    // A worker that took the email and died: its claim stays until its lease passes.
    const leaseUntil = new Date(Date.now() + 2 * LEASE_MS);
    await notifications().updateOne({ _id: Number(id), 'email.status': 'pending' }, { $set: { email_claim: 'a-dead-worker', email_lease_until: leaseUntil } });
    await deliverAgain(project, id);
    const done = await emailSent(id);
    // The job of the first attempt stays in the stream (its retry is far away); every other is acknowledged.
    await acknowledged(1);
    expect(await stack().sink.messagesTo(address)).toHaveLength(1);
    expect(done.email.sent_at!.getTime()).toBeGreaterThanOrEqual(leaseUntil.getTime());
    expect(done.email.attempts).toBe(2);
  });
});
