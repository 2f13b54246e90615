import { randomBytes } from 'node:crypto';
import { errorOf } from '@herald/testing';
import { startHarness, type Harness } from '../testing/harness';
import { eventually } from '@herald/testing';

interface SinkMessage {
  to: string[];
  subject: string;
  text: string | null;
  headers: Record<string, string>;
}
const mailsTo = async (address: string): Promise<SinkMessage[]> =>
  ((await (await fetch(`${process.env.MAIL_API_URL}/messages`)).json()) as SinkMessage[]).filter((m) => m.to.includes(address));
const uid = () => randomBytes(4).toString('hex');
const hourNow = () => Math.floor(Date.now() / 3_600_000);

jest.setTimeout(30_000);

/** Contact confirmation mails of the delivery service: the link, its token, the per-recipient hourly bound. */
describe('delivery service: contact confirmation mails', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ PUBLIC_BASE_URL: 'https://herald.test/', UNSUBSCRIBE_SECRET: 's'.repeat(40), CONTACT_CONFIRMATION_MAILS_PER_HOUR: '3' });
  });
  afterAll(async () => h.close());

  it('when a confirmation is asked for, then the address gets one mail whose link carries a token naming that contact and address', async () => {
    const projectId = h.project();
    const address = `confirm-${uid()}@test.local`;
    await h.client.sendContactConfirmation({ projectId, recipientId: 'ann', contactId: 41n, address, emailFromAddress: 'alerts@acme.test', emailFromName: 'Acme' });
    const [mail] = await eventually('the confirmation mail', async () => ((await mailsTo(address)).length ? mailsTo(address) : undefined));
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(mail.headers['x-herald-notification']).toBeUndefined();
    const token = /https:\/\/herald\.test\/contact-confirmations\/(v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(await h.client.checkContactConfirmationToken({ token: token! })).toMatchObject({ projectId, recipientId: 'ann', contactId: 41n, address });
    // A changed first character of the mac (its last character's low bits are padding: changing only them can leave the same mac).
    const [version, payload, mac] = token!.split('.');
    const tampered = `${version}.${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect((await errorOf(h.client.checkContactConfirmationToken({ token: tampered }))).code).toBe('contact_confirmation_invalid');
  });

  it('when one recipient causes more confirmation mails in an hour than allowed, then the extra ones are refused (contact_confirmation_limit) and not sent; other recipients are not affected', async () => {
    for (let attempt = 0; ; attempt++) {
      const projectId = h.project();
      const hour = hourNow();
      const addresses = Array.from({ length: 4 }, () => `budget-${uid()}@test.local`);
      const results: Array<{ code: string } | null> = [];
      for (const address of addresses) {
        const sent = h.client.sendContactConfirmation({ projectId, recipientId: 'spammy', contactId: 1n, address });
        results.push(await sent.then(() => null, (err: unknown) => errorOf(Promise.reject(err))));
      }
      const other = await h.client.sendContactConfirmation({ projectId, recipientId: 'calm', contactId: 2n, address: `calm-${uid()}@test.local` });
      // The hour turned during the run (slots of a new hour): run it again.
      if (hourNow() !== hour && attempt === 0) continue;
      expect(results.slice(0, 3)).toEqual([null, null, null]);
      expect(results[3]).toMatchObject({ code: 'contact_confirmation_limit' });
      expect(other).toEqual(expect.anything());
      await eventually('the third confirmation mail', async () => ((await mailsTo(addresses[2])).length ? true : undefined));
      expect(await mailsTo(addresses[3])).toEqual([]);
      return;
    }
  });
});
