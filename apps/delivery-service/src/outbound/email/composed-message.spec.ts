import { simpleParser, type ParsedMail } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { composeMessage, type MessageFields } from './composed-message';
import { textOf } from './mailer';

const html = '<h1>Your order</h1><p>It shipped. <a href="https://shop.test/o/1">Track it</a></p>';

const fields = (over: Partial<MessageFields> = {}): MessageFields => ({
  from: { address: 'alerts@shop.test', name: 'Shop alerts' },
  to: 'ada@example.test',
  subject: 'Your order shipped',
  date: new Date('2026-03-04T05:06:07Z'),
  messageId: '<3f1c@shop.test>',
  headers: { 'Auto-Submitted': 'auto-generated', 'X-Herald-Notification': '42' },
  text: 'Your order shipped.\nTrack it: https://shop.test/o/1',
  html,
  ...over,
});

/** What nodemailer's own mail composer makes of the same mail. */
const nodemailerMessage = (f: MessageFields): Promise<Buffer> =>
  new MailComposer({
    from: f.from,
    replyTo: f.replyTo,
    to: f.to,
    subject: f.subject,
    date: f.date,
    messageId: f.messageId,
    headers: f.headers,
    text: f.text,
    html: f.html,
  })
    .compile()
    .build();

/** The header fields decoded (the multipart boundary, random in each message, left out). */
function decodedHeaders(mail: ParsedMail): Record<string, unknown> {
  const headers = Object.fromEntries(mail.headers) as Record<string, unknown>;
  const contentType = headers['content-type'] as { value: string; params: Record<string, string> };
  const { boundary: _boundary, ...params } = contentType.params;
  return { ...headers, 'content-type': { ...contentType, params } };
}

async function expectSameAsNodemailer(f: MessageFields): Promise<ParsedMail> {
  const [ours, theirs] = await Promise.all([simpleParser(composeMessage(f)), nodemailerMessage(f).then((m) => simpleParser(m))]);
  expect(decodedHeaders(ours)).toEqual(decodedHeaders(theirs));
  expect(ours.headerLines.map((line) => line.key)).toEqual(theirs.headerLines.map((line) => line.key));
  expect(ours.text).toEqual(theirs.text);
  expect(ours.html).toEqual(theirs.html);
  return ours;
}

describe('composeMessage', () => {
  it('when the mail is ASCII, then the message reads as nodemailer composes it', async () => {
    const mail = await expectSameAsNodemailer(fields({ replyTo: 'help@shop.test' }));
    expect(mail.subject).toBe('Your order shipped');
    expect(mail.replyTo?.text).toBe('help@shop.test');
    expect(mail.headers.get('x-herald-notification')).toBe('42');
    expect(mail.html).toContain('Track it');
  });

  it('when the subject, the sender name and the bodies are not ASCII, then they decode as nodemailer encodes them', async () => {
    const mail = await expectSameAsNodemailer(
      fields({
        from: { address: 'alerts@shop.test', name: 'Ünïcødé Shöp — 通知' },
        subject: 'Ihre Bestellung über 10 € ist unterwegs 🚚',
        text: 'Grüße aus Köln: 10 € = zehn Euro — 通知\n',
        html: '<p>Grüße aus Köln: 10 € — 通知</p>',
      }),
    );
    expect(mail.subject).toBe('Ihre Bestellung über 10 € ist unterwegs 🚚');
    expect(mail.from?.value[0]?.name).toBe('Ünïcødé Shöp — 通知');
  });

  it('when the bodies are mostly not Latin, then they decode as nodemailer encodes them (base64)', async () => {
    const mail = await expectSameAsNodemailer(fields({ subject: '注文が発送されました', text: '注文が発送されました。追跡してください。', html: '<p>注文が発送されました。</p>' }));
    expect(mail.text).toBe('注文が発送されました。追跡してください。');
  });

  it('when the subject and the sender name carry CR/LF, then no header is injected', async () => {
    const raw = composeMessage(fields({ from: { address: 'alerts@shop.test', name: 'Shop\r\nBcc: victim@example.test' }, subject: 'Hi\r\nBcc: victim@example.test\r\n\r\nbody' }));
    const mail = await expectSameAsNodemailer(fields({ from: { address: 'alerts@shop.test', name: 'Shop\r\nBcc: victim@example.test' }, subject: 'Hi\r\nBcc: victim@example.test\r\n\r\nbody' }));
    expect(mail.headers.has('bcc')).toBe(false);
    expect(raw.toString()).not.toMatch(/^Bcc:/im);
  });

  it('when the subject and the body lines are long, then the lines are folded and decode whole', async () => {
    const long = 'word '.repeat(60).trim();
    const raw = composeMessage(fields({ subject: long, text: long, html: `<p>${long}</p>` }));
    const mail = await expectSameAsNodemailer(fields({ subject: long, text: long, html: `<p>${long}</p>` }));
    expect(mail.subject).toBe(long);
    expect(mail.text).toBe(long);
    expect(Math.max(...raw.toString().split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(78);
  });

  it('when the text is made from the html, then both parts read as nodemailer composes them', async () => {
    const mail = await expectSameAsNodemailer(fields({ text: textOf(html) }));
    expect(mail.text).toContain('https://shop.test/o/1');
  });

  it('when the text is empty, then the message is the html part alone, as nodemailer makes it', async () => {
    const mail = await expectSameAsNodemailer(fields({ text: '' }));
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'text/html' });
  });

  it('when the mail carries an unsubscribe URL, then the List-Unsubscribe pair reads as nodemailer writes it', async () => {
    const url = `https://herald.test/v1/unsubscribe?token=${'a1B2'.repeat(40)}`;
    const mail = await expectSameAsNodemailer(
      fields({ headers: { 'Auto-Submitted': 'auto-generated', 'X-Herald-Digest': '7', 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }),
    );
    expect(mail.headers.get('list')).toEqual({ unsubscribe: { url }, 'unsubscribe-post': { name: 'List-Unsubscribe=One-Click' } });
  });

  it('when an unsubscribe URL carries CR/LF, then no header is injected', async () => {
    const mail = await expectSameAsNodemailer(fields({ headers: { 'List-Unsubscribe': '<https://herald.test/u?t=a\r\nBcc: victim@example.test>' } }));
    expect(mail.headers.has('bcc')).toBe(false);
  });
});
