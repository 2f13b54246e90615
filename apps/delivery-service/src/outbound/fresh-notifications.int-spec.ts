import { emailJobs, useEmailStack } from '../testing/email-jobs';

jest.setTimeout(90_000);

// The first delivery of an email job takes its notification as the send worker of the same process
// inserted it (no read back); every later delivery reads the store, and the claims keep it to one mail.
describe('an email job whose notification was just inserted by this process', () => {
  const stack = useEmailStack({ EMAIL_RETRY_BASE_MS: '200' }, 'test-fresh-notifications');
  const { read, sendOne, deliverAgain, emailSent, acknowledged } = emailJobs(stack);

  it('when the job is sent from the notification as inserted and then published twice more, then the later deliveries find its claim and record: one mail', async () => {
    const { project, id, address } = await sendOne('fresh');
    const done = await emailSent(id);
    await deliverAgain(project, id);
    await deliverAgain(project, id);
    await acknowledged();
    expect(await stack().sink.messagesTo(address)).toHaveLength(1);
    expect(await read(id)).toMatchObject({ email: { status: 'sent', attempts: 1, message_id: done.email.message_id } });
  });

  it('when the first attempt of a just-inserted notification is refused, then its redelivery reads the attempt from the store and sends once', async () => {
    await stack().sink.rejectNext(1, 451);
    const { id, address } = await sendOne('refused-first');
    const done = await emailSent(id);
    await acknowledged();
    expect(done.email.attempts).toBe(2);
    expect(await stack().sink.messagesTo(address)).toHaveLength(1);
  });
});
