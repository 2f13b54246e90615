import { createSignedTokens } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type TestProject } from '../../testing/rest-client';

interface DkimCheck {
  signingDomain: string;
  selector: string;
  status: { result: string };
  signingHeaders: { keys: string };
}
// An independent DKIM verifier (RFC 6376), not the library that signs (nodemailer). Its entry point
// for verification alone has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { dkimVerify } = require('mailauth/lib/dkim/verify') as {
  dkimVerify(input: Buffer, opts: { resolver: (name: string, type: string) => Promise<string[][]> }): Promise<{ results: DkimCheck[] }>;
};

/**
 * Email deliverability end to end, through the REST surface, the four processes and the SMTP sink:
 * per-project sender, DKIM, standard headers, one-click unsubscribe, undeliverable
 * addresses. Needs the sink of the test infrastructure (absent when SMTP_URL points elsewhere).
 */
const mailApi = process.env.MAIL_API_URL;
const suite = mailApi ? describe : describe.skip;

interface SinkMessage {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  headers: Record<string, string>;
}

const target = { channel: 'billing', topic: 'invoices', event: 'issued' };
const other = { channel: 'billing', topic: 'receipts', event: 'issued' };
const mandatory = { channel: 'security', topic: 'none', event: 'login' };

const poll = <T>(read: () => Promise<T | undefined>, what: string): Promise<T> => eventually(what, read) as Promise<T>;

const sink = {
  async messagesTo(address: string): Promise<SinkMessage[]> {
    return ((await (await fetch(`${mailApi}/messages`)).json()) as SinkMessage[]).filter((m) => m.to.includes(address));
  },
  async raw(id: number): Promise<Buffer> {
    return Buffer.from(await (await fetch(`${mailApi}/messages/${id}/raw`)).arrayBuffer());
  },
  /** One header field of the raw mail (unfolded), as sent: the parsed view rewrites List-* fields. */
  async header(id: number, name: string): Promise<string | undefined> {
    const head = (await this.raw(id)).toString('binary').split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
    const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line?.slice(name.length + 1).trim();
  },
  async refuse(address: string, code: number, message?: string) {
    const res = await fetch(`${mailApi}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refuse: { address, code, message } }) });
    if (!res.ok) throw new Error(`sink control answered ${res.status}`);
  },
};

/** An unsubscribe token in the delivery service's format (a service-kit signed token), signed here with the stack's secret. */
function signToken(claims: Record<string, string | number>, ttlSeconds: number): string {
  return createSignedTokens({ secret: process.env.HERALD_UNSUBSCRIBE_SECRET! }).sign('unsubscribe', claims, ttlSeconds);
}

suite('email deliverability', () => {
  let p: TestProject;
  let plain: TestProject;
  const as = (method: string, path: string, body?: unknown) => call(method, path, { key: p.fullKey, body });

  beforeAll(async () => {
    p = await createProject('mail', { email_from: { address: 'Alerts@Acme.example', name: 'Acme Alerts' }, email_reply_to: 'help@acme.example' });
    plain = await createProject('mail-default');
    for (const [proj, entries] of [
      [p, [{ ...target, default_enabled: true }, { ...other, default_enabled: true }, { ...mandatory, default_enabled: true, mandatory: true }]],
      [plain, [{ ...target, default_enabled: true }]],
    ] as const) {
      const res = await call('PUT', '/preferences', { key: proj.fullKey, body: entries.map((e) => ({ ...e, medium: 'email', name: `${e.channel} ${e.topic}` })) });
      expect(res.status).toBe(200);
    }
  });

  /** A recipient with a primary email contact of its own; returns its id, address and contact id. */
  async function recipient(proj: TestProject = p) {
    const id = uniqueId('mail');
    const address = `${id}@inbox.example`;
    expect((await call('POST', '/recipients', { key: proj.fullKey, body: { id } })).status).toBe(201);
    const contact = await call('POST', `/recipients/${id}/contacts`, { key: proj.fullKey, body: { medium: 'email', address, is_primary: true } });
    expect(contact.status).toBe(201);
    return { id, address, contactId: contact.body.data.id as number };
  }

  async function send(rid: string, t = target, proj: TestProject = p) {
    const res = await call('POST', '/notifications/send', { key: proj.fullKey, body: { recipient_id: rid, target: t, email: { subject: 'Your invoice', html: '<p>Invoice <b>42</b></p>' } } });
    expect(res.status).toBe(201);
    return res.body.data.notification.id as number;
  }

  /** The notification's email once it left `pending`. */
  const settled = (id: number, proj: TestProject = p) =>
    poll(async () => {
      const e = (await call('GET', `/notifications/${id}`, { key: proj.fullKey })).body.data?.email;
      return e && e.status !== 'pending' ? e : undefined;
    }, `email of notification ${id}`);

  const mailTo = (address: string, count = 1) =>
    poll(async () => {
      const all = await sink.messagesTo(address);
      return all.length >= count ? all[count - 1] : undefined;
    }, `mail to ${address}`);

  const emailPreference = async (rid: string, t: typeof target) => {
    const res = await as('GET', `/recipients/${rid}/preferences/check?channel=${t.channel}&topic=${t.topic}&event=${t.event}&medium=email`);
    return res.body.data.state.enabled as boolean;
  };

  it("when a project has a sender, then its mails go out from it with Reply-To, Herald's headers and a Message-ID on its domain", async () => {
    const r = await recipient();
    const id = await send(r.id);
    expect(await settled(id)).toMatchObject({ status: 'sent', reason: null, attempts: 1 });
    const mail = await mailTo(r.address);
    expect(mail.from).toBe('alerts@acme.example');
    expect(mail.headers.from).toContain('Acme Alerts');
    expect(mail.headers['reply-to']).toContain('help@acme.example');
    expect(mail.headers['message-id']).toMatch(/^<[^@>]+@acme\.example>$/);
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    expect(mail.headers['x-herald-notification']).toBe(String(id));
    expect(mail.headers.date).toBeDefined();
    expect(mail.text).toContain('Invoice 42');
  });

  it("when a send names its sender (email.from_name), then that name goes with the project's address, for that mail only", async () => {
    const r = await recipient();
    const res = await as('POST', '/notifications/send', { recipient_id: r.id, target, email: { subject: 'Receipt', html: '<p>r</p>', from_name: 'Acme Billing' } });
    expect(res.status).toBe(201);
    expect(await settled(res.body.data.notification.id)).toMatchObject({ status: 'sent' });
    const mail = await mailTo(r.address);
    expect(mail.from).toBe('alerts@acme.example');
    expect(mail.headers.from).toContain('Acme Billing');
    expect(mail.headers.from).not.toContain('Acme Alerts');
    const bad = await as('POST', '/notifications/send', { recipient_id: r.id, target, email: { subject: 'x', html: 'h', from_name: 'A\r\nBcc: x@y.z' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', errors: [expect.objectContaining({ property_path: 'email.from_name' })] });
  });

  it('when a project has no sender, then the server default (SMTP_FROM) is used and there is no Reply-To', async () => {
    const r = await recipient(plain);
    const id = await send(r.id, target, plain);
    expect(await settled(id, plain)).toMatchObject({ status: 'sent' });
    const mail = await mailTo(r.address);
    expect(mail.from).toBe('no-reply@herald.local');
    expect(mail.headers['reply-to']).toBeUndefined();
    expect(mail.headers['message-id']).toMatch(/@herald\.local>$/);
  });

  it('when a project sets an invalid sender, then the admin API refuses it with 400 naming the field', async () => {
    const res = await call('PATCH', `/admin/projects/${p.id}`, { key: process.env.HERALD_ADMIN_TOKEN, body: { settings: { email_reply_to: 'a@b.example, c@d.example' } } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', errors: [expect.objectContaining({ property_path: 'settings.email_reply_to' })] });
  });

  it('when a caught mail is checked by an independent DKIM verifier, then the signature passes and covers the unsubscribe headers', async () => {
    const dkim = JSON.parse(process.env.HERALD_DKIM!) as { domain: string; selector: string; publicKey: string };
    const r = await recipient();
    await settled(await send(r.id));
    const raw = await sink.raw((await mailTo(r.address)).id);
    const lookups: string[] = [];
    const resolver = async (name: string, type: string) => {
      lookups.push(`${type} ${name}`);
      if (type === 'TXT' && name === `${dkim.selector}._domainkey.${dkim.domain}`) return [[`v=DKIM1; k=rsa; p=${dkim.publicKey}`]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    };
    const verified = await dkimVerify(raw, { resolver });
    expect(lookups).toContain(`TXT ${dkim.selector}._domainkey.${dkim.domain}`);
    expect(verified.results).toHaveLength(1);
    expect(verified.results[0]).toMatchObject({ signingDomain: dkim.domain, selector: dkim.selector, status: { result: 'pass' } });
    const signed = verified.results[0].signingHeaders.keys.toLowerCase().split(/:\s*/);
    expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post', 'message-id']));

    // The same mail with a signed header or its body changed does not pass: the verifier really checks.
    const text = raw.toString('binary');
    const headerTampered = Buffer.from(text.replace('Subject: Your invoice', 'Subject: Your invoicf'), 'binary');
    expect((await dkimVerify(headerTampered, { resolver })).results[0].status.result).toBe('fail');
    const bodyTampered = Buffer.from(text.replace('Invoice', 'Invoize'), 'binary');
    // mailauth reports a body hash mismatch as `neutral` (RFC 6376 §6.3 leaves the name to the verifier).
    expect((await dkimVerify(bodyTampered, { resolver })).results[0].status.result).not.toBe('pass');
  });

  it('when the unsubscribe link is followed, then GET only shows a page, POST turns off exactly that email preference, and the next send is skipped', async () => {
    const r = await recipient();
    await settled(await send(r.id));
    const mail = await mailTo(r.address);
    expect(await sink.header(mail.id, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/[^>]+)>$/.exec((await sink.header(mail.id, 'List-Unsubscribe'))!)![1];
    const path = new URL(link).pathname;
    expect(path).toMatch(/^\/unsubscribe\/v1\./);

    const page = await call('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<form method="post">');
    expect(await emailPreference(r.id, target)).toBe(true);

    // As a mailbox provider posts it (RFC 8058 §3.1), without any key.
    const res = await fetch(`${process.env.HERALD_BASE_URL}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Unsubscribed', data: { recipient_id: r.id, target: { ...target, medium: 'email' }, state: { enabled: false } } });

    expect(await emailPreference(r.id, target)).toBe(false);
    expect(await emailPreference(r.id, other)).toBe(true);
    const inApp = await as('GET', `/recipients/${r.id}/preferences/check?channel=${target.channel}&topic=${target.topic}&event=${target.event}`);
    expect(inApp.body.data.state.enabled).toBe(true);

    expect(await settled(await send(r.id))).toMatchObject({ status: 'skipped', reason: 'preference_disabled' });
    expect(await settled(await send(r.id, other))).toMatchObject({ status: 'sent' });

    // Replay: harmless, the preference stays off.
    expect((await call('POST', path)).status).toBe(200);
    expect(await emailPreference(r.id, target)).toBe(false);
  });

  it('when the token is forged, made for another target, or expired, then the POST is refused with 404 (no such link) and nothing changes', async () => {
    const r = await recipient();
    await settled(await send(r.id));
    const link = /^<([^>]+)>$/.exec((await sink.header((await mailTo(r.address)).id, 'List-Unsubscribe'))!)![1];
    const token = new URL(link).pathname.split('/').pop()!;
    const [v, payload, mac] = token.split('.');
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claim).toMatchObject({ p: 'unsubscribe', project: p.id, recipient: r.id, channel: target.channel, topic: target.topic, event: target.event });
    const { p: _purpose, e: _expiry, ...fields } = claim;

    const otherPayload = Buffer.from(JSON.stringify({ ...claim, topic: other.topic })).toString('base64url');
    // The first character: the last one's low bits are padding, so changing only them can leave the same mac.
    const flipped = (mac.startsWith('A') ? 'B' : 'A') + mac.slice(1);
    for (const bad of [`${v}.${payload}.${flipped}`, `${v}.${otherPayload}.${mac}`, 'not-a-token']) {
      const res = await call('POST', `/unsubscribe/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'unsubscribe_token_invalid', message: expect.any(String) });
    }
    const expired = await call('POST', `/unsubscribe/${signToken(fields, -1)}`);
    expect(expired.status).toBe(404);
    expect(expired.body).toMatchObject({ code: 'unsubscribe_token_expired' });
    expect(await emailPreference(r.id, target)).toBe(true);
    expect(await emailPreference(r.id, other)).toBe(true);

    // The same claim, freshly signed with the stack's secret, works: what was refused was the token.
    expect((await call('POST', `/unsubscribe/${signToken(fields, 60)}`)).status).toBe(200);
    expect(await emailPreference(r.id, target)).toBe(false);
  });

  it('when the governing entry is mandatory, then its mails carry no unsubscribe header', async () => {
    const r = await recipient();
    expect(await settled(await send(r.id, mandatory))).toMatchObject({ status: 'sent' });
    const mail = await mailTo(r.address);
    expect(await sink.header(mail.id, 'X-Herald-Notification')).toBeDefined();
    expect(await sink.header(mail.id, 'List-Unsubscribe')).toBeUndefined();
    expect(await sink.header(mail.id, 'List-Unsubscribe-Post')).toBeUndefined();
  });

  it('when the mail server refuses the address permanently, then the email fails address_rejected after one attempt, the contact is undeliverable, and later emails are skipped until it is verified again', async () => {
    const r = await recipient();
    await sink.refuse(r.address, 550, '5.1.1 no such mailbox');
    expect(await settled(await send(r.id))).toMatchObject({ status: 'failed', reason: 'address_rejected', attempts: 1, address: r.address, error: expect.stringContaining('5.1.1') });
    const contact = (await as('GET', `/recipients/${r.id}/contacts`)).body.data.contacts[0];
    expect(contact).toMatchObject({ address: r.address, deliverable: false, undeliverable_reason: expect.stringContaining('5.1.1') });

    expect(await settled(await send(r.id))).toMatchObject({ status: 'skipped', reason: 'address_undeliverable', attempts: 0, address: r.address });
    expect(await sink.messagesTo(r.address)).toHaveLength(0);

    await sink.refuse(r.address, 0);
    const verified = await as('POST', `/recipients/${r.id}/contacts/${r.contactId}/verify`);
    expect(verified.body.data).toMatchObject({ deliverable: true, undeliverable_reason: null });
    expect(await settled(await send(r.id))).toMatchObject({ status: 'sent' });
  });

  it('when the address changes after a permanent refusal, then the contact is deliverable again', async () => {
    const r = await recipient();
    await sink.refuse(r.address, 550);
    expect(await settled(await send(r.id))).toMatchObject({ reason: 'address_rejected' });
    const changed = await as('PATCH', `/recipients/${r.id}/contacts/${r.contactId}`, { address: `new-${r.address}` });
    expect(changed.body.data).toMatchObject({ deliverable: true, undeliverable_reason: null, verified_at: null });
    expect(await settled(await send(r.id))).toMatchObject({ status: 'sent', address: `new-${r.address}` });
  });

  it('when the mail server refuses the address temporarily (4xx), then the email is retried and sent once it accepts', async () => {
    const r = await recipient();
    await sink.refuse(r.address, 450, '4.2.1 mailbox busy');
    const id = await send(r.id);
    const retried = await poll(async () => {
      const e = (await as('GET', `/notifications/${id}`)).body.data.email;
      return e.attempts >= 2 ? e : undefined;
    }, 'a second attempt');
    expect(retried).toMatchObject({ status: 'pending', reason: null, error: expect.stringContaining('4.2.1') });
    await sink.refuse(r.address, 0);
    const done = await settled(id);
    expect(done.status).toBe('sent');
    expect(done.attempts).toBeGreaterThanOrEqual(3);
    const contact = (await as('GET', `/recipients/${r.id}/contacts`)).body.data.contacts[0];
    expect(contact.deliverable).toBe(true);
  });
});
