import { createHmac } from 'node:crypto';
import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

/**
 * A browser cannot redirect a recipient's mail: an email address a recipient token sets
 * gets no notification mail until its owner follows the confirmation link Herald mails to it.
 * Through the REST surface, the four processes and the SMTP sink of the test infrastructure.
 */
const mailApi = process.env.MAIL_API_URL;
const suite = mailApi ? describe : describe.skip;

interface SinkMessage {
  id: number;
  to: string[];
  subject: string;
  text: string | null;
}

const target = { channel: 'account', topic: 'security', event: 'alert' };
const messagesTo = async (address: string): Promise<SinkMessage[]> =>
  ((await (await fetch(`${mailApi}/messages`)).json()) as SinkMessage[]).filter((m) => m.to.includes(address));
const LINK = /https?:\/\/\S+?\/contact-confirmations\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/;

/** A confirmation token in the format links were mailed with before service-kit's signed tokens (c1.<payload>.<mac>, still accepted), signed here with the stack's secret. */
function signToken(claim: { p: number; r: string; i: number; a: string; x: number }): string {
  const key = createHmac('sha256', process.env.HERALD_UNSUBSCRIBE_SECRET!).update('herald contact confirmation v1').digest();
  const signed = `c1.${Buffer.from(JSON.stringify(claim)).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

suite('contact confirmation', () => {
  let p: TestProject;

  beforeAll(async () => {
    p = await createProject('confirm');
    const res = await call('PUT', '/preferences', { key: p.fullKey, body: [{ ...target, medium: 'email', name: 'Security alerts', default_enabled: true }] });
    expect(res.status).toBe(200);
  });

  const newRecipient = async () => {
    const id = uniqueId('conf');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    const token = (await call('POST', `/recipients/${id}/tokens`, { key: p.fullKey, body: { ttl_seconds: 600 } })).body.data.token as string;
    return { id, token };
  };
  /** Sends one email notification and answers its email outcome once settled, with its decision. */
  const sendAndSettle = async (rid: string, subject: string) => {
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: rid, target, email: { subject, html: `<p>${subject}</p>` } } });
    expect(res.status).toBe(201);
    const nid = res.body.data.notification.id as number;
    return eventually(`email of notification ${nid}`, async () => {
      const n = (await call('GET', `/notifications/${nid}`, { key: p.fullKey })).body.data;
      return n?.email && n.email.status !== 'pending' ? { email: n.email, decision: n.decision } : undefined;
    });
  };
  /** The confirmation mail to the address (the n-th), and the token of its link. */
  const confirmationMail = async (address: string, n = 1, subject = 'Confirm your email address') => {
    const mail = await eventually(`confirmation mail ${n} to ${address}`, async () => {
      const mails = (await messagesTo(address)).filter((m) => m.subject === subject);
      return mails.length >= n ? mails[n - 1] : undefined;
    });
    const token = LINK.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    return token!;
  };
  const contactOf = async (rid: string) => (await call('GET', `/recipients/${rid}/contacts`, { key: p.fullKey })).body.data.contacts[0];

  it('when a recipient token adds an email address, then a confirmation mail arrives, sends skip it (contact_unconfirmed) until the link is followed (GET alone changes nothing), and then mail it', async () => {
    const r = await newRecipient();
    const address = `${r.id}@inbox.example`;
    const added = await call('POST', `/recipients/${r.id}/contacts`, { key: r.token, body: { medium: 'email', address, is_primary: true } });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ address, confirmed: false, verified_at: null });
    const token = await confirmationMail(address);

    const held = await sendAndSettle(r.id, 'before confirmation');
    expect(held.email).toMatchObject({ status: 'skipped', reason: 'contact_unconfirmed', address });
    expect(held.decision.email).toMatchObject({ result: 'skipped', because: 'contact_unconfirmed' });

    // A link scanner's GET: a page with a button, nothing confirmed.
    const page = await call('GET', `/contact-confirmations/${token}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect(page.body).not.toContain(token);
    expect((await contactOf(r.id)).confirmed).toBe(false);

    const confirmed = await call('POST', `/contact-confirmations/${token}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ message: 'Contact confirmed', data: { address, confirmed: true } });
    expect(confirmed.body.data.verified_at).not.toBeNull();
    expect(await contactOf(r.id)).toMatchObject({ address, confirmed: true });
    // Following it again is harmless.
    expect((await call('POST', `/contact-confirmations/${token}`)).status).toBe(200);

    const sent = await sendAndSettle(r.id, 'after confirmation');
    expect(sent.email).toMatchObject({ status: 'sent', address });
    const subjects = await eventually('the mail after confirmation', async () => {
      const all = (await messagesTo(address)).map((m) => m.subject);
      return all.includes('after confirmation') ? all : undefined;
    });
    expect(subjects).not.toContain('before confirmation');
  });

  it('when a key writes the address (Full or Recipient key), then it is confirmed at once, no confirmation is mailed, and a send mails it', async () => {
    for (const key of [p.fullKey, p.recipientKey]) {
      const r = await newRecipient();
      const address = `${r.id}@inbox.example`;
      const res = await call('PUT', `/recipients/${r.id}/contacts`, { key, body: { medium: 'email', address } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ address, confirmed: true });
      expect((await sendAndSettle(r.id, 'at once')).email).toMatchObject({ status: 'sent', address });
      // The notification is the address's only mail: no confirmation was sent.
      const subjects = await eventually('the mail', async () => {
        const all = (await messagesTo(address)).map((m) => m.subject);
        return all.includes('at once') ? all : undefined;
      });
      expect(subjects).toEqual(['at once']);
    }
  });

  it('when a recipient token sets its address again, then a new link is mailed; when it changes the address, then the new one awaits its own confirmation and the old link confirms nothing', async () => {
    const r = await newRecipient();
    const first = `${r.id}-a@inbox.example`;
    const second = `${r.id}-b@inbox.example`;
    const added = await call('PUT', `/recipients/${r.id}/contacts`, { key: r.token, body: { medium: 'email', address: first } });
    expect(added.body.data.confirmed).toBe(false);
    await confirmationMail(first);
    // Setting the same primary again (a browser's "send it again") mails a new link; nothing else changes.
    const again = await call('PUT', `/recipients/${r.id}/contacts`, { key: r.token, body: { medium: 'email', address: first } });
    expect(again.body.data).toMatchObject({ id: added.body.data.id, address: first, confirmed: false, updated_at: added.body.data.updated_at });
    const oldToken = await confirmationMail(first, 2);
    const moved = await call('PATCH', `/recipients/${r.id}/contacts/${added.body.data.id}`, { key: r.token, body: { address: second } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ address: second, confirmed: false });
    await confirmationMail(second);
    const stale = await call('POST', `/contact-confirmations/${oldToken}`);
    expect({ status: stale.status, code: stale.body.code }).toEqual({ status: 400, code: 'contact_confirmation_stale' });
    expect((await contactOf(r.id)).confirmed).toBe(false);
    expect((await sendAndSettle(r.id, 'still held')).email).toMatchObject({ status: 'skipped', reason: 'contact_unconfirmed', address: second });
  });

  it('when the link is tampered with, expired, forged or not a confirmation link, then a clear 404 (no such link) and nothing is confirmed', async () => {
    const r = await newRecipient();
    const address = `${r.id}@inbox.example`;
    const added = await call('POST', `/recipients/${r.id}/contacts`, { key: r.token, body: { medium: 'email', address, is_primary: true } });
    const token = await confirmationMail(address);
    const [v, payload, mac] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ p: p.id, r: r.id, i: added.body.data.id, a: 'mallory@evil.example', x: 4102444800 })).toString('base64url');
    const cases: Array<[string, string, string]> = [
      ['a changed mac', `${v}.${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`, 'contact_confirmation_invalid'],
      ['another payload under the mac', `${v}.${otherPayload}.${mac}`, 'contact_confirmation_invalid'],
      ['garbage', 'not-a-token', 'contact_confirmation_invalid'],
      ['an expired link', signToken({ p: p.id, r: r.id, i: added.body.data.id, a: address, x: Math.floor(Date.now() / 1000) - 60 }), 'contact_confirmation_expired'],
    ];
    for (const [what, bad, code] of cases) {
      const res = await call('POST', `/contact-confirmations/${bad}`);
      expect({ what, status: res.status, code: res.body.code }).toEqual({ what, status: 404, code });
      expect(typeof res.body.message).toBe('string');
    }
    expect((await contactOf(r.id)).confirmed).toBe(false);
  });
  describe('when the recipient already has a verified email address', () => {
    const CHANGE_NOTICE = 'Your notification address is being changed';
    /** A recipient whose primary email a Full key set and verified, and a token that asks to move it. */
    const verifiedRecipient = async () => {
      const r = await newRecipient();
      const current = `${r.id}-current@inbox.example`;
      const set = await call('PUT', `/recipients/${r.id}/contacts`, { key: p.fullKey, body: { medium: 'email', address: current } });
      expect((await call('POST', `/recipients/${r.id}/contacts/${set.body.data.id}/verify`, { key: p.fullKey })).status).toBe(200);
      const next = `${r.id}-next@inbox.example`;
      const moved = await call('PUT', `/recipients/${r.id}/contacts`, { key: r.token, body: { medium: 'email', address: next } });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ address: next, is_primary: false, confirmed: false });
      return { ...r, current, next };
    };
    /** Sends one notification and answers the address it was mailed to, once the mail is in the sink. */
    const mailedTo = async (rid: string, subject: string) => {
      const { email } = await sendAndSettle(rid, subject);
      expect(email.status).toBe('sent');
      await eventually(`"${subject}" in the sink`, async () => ((await messagesTo(email.address)).some((m) => m.subject === subject) ? true : undefined));
      return email.address as string;
    };

    it('when a recipient token sets a new primary address and only the new address\'s link is followed, then the current address is told of the change and mail still goes to it', async () => {
      const r = await verifiedRecipient();
      const notice = (await eventually('the notice to the current address', async () => (await messagesTo(r.current)).find((m) => m.subject === CHANGE_NOTICE)))!;
      expect(notice.text).toContain(r.next);
      expect(await mailedTo(r.id, 'during the wait')).toBe(r.current);

      expect((await call('POST', `/contact-confirmations/${await confirmationMail(r.next)}`)).status).toBe(200);
      expect(await mailedTo(r.id, 'after the new link only')).toBe(r.current);
      const primary = (await call('GET', `/recipients/${r.id}/contacts`, { key: p.fullKey })).body.data.contacts.find((c: { is_primary: boolean }) => c.is_primary);
      expect(primary).toMatchObject({ address: r.current, confirmed: true });
    });

    it('when only the current address approves, then mail still goes to it; when the new address\'s link is followed too, then mail goes to the new address', async () => {
      const r = await verifiedRecipient();
      const approval = await confirmationMail(r.current, 1, CHANGE_NOTICE);
      // A link scanner's GET: the approval page, nothing approved.
      const page = await call('GET', `/contact-confirmations/${approval}`, { headers: { accept: 'text/html' } });
      expect(page.body).toContain('Approve the change');
      const approved = await call('POST', `/contact-confirmations/${approval}`);
      expect(approved.status).toBe(200);
      expect(await mailedTo(r.id, 'after the approval only')).toBe(r.current);

      const confirmed = await call('POST', `/contact-confirmations/${await confirmationMail(r.next)}`);
      expect(confirmed.body.data).toMatchObject({ address: r.next, is_primary: true, confirmed: true });
      expect(await mailedTo(r.id, 'after both links')).toBe(r.next);
      // The approval is used up: the change is done, its link now names no pending change.
      expect((await call('POST', `/contact-confirmations/${approval}`)).status).toBe(400);
    });

    it('when a recipient token changes or demotes the verified primary with PATCH, then 409 primary_change_needs_owner and nothing changes', async () => {
      const r = await verifiedRecipient();
      const primary = (await call('GET', `/recipients/${r.id}/contacts`, { key: p.fullKey })).body.data.contacts.find((c: { is_primary: boolean }) => c.is_primary);
      for (const body of [{ address: `${r.id}-patched@inbox.example` }, { is_primary: false }]) {
        const res = await call('PATCH', `/recipients/${r.id}/contacts/${primary.id}`, { key: r.token, body });
        expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: 'primary_change_needs_owner' });
      }
      expect(await mailedTo(r.id, 'after the refused patches')).toBe(r.current);
    });
  });
});
