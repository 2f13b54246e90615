import { isAddressRejected, isPermanentSmtpError, textOf, tlsPolicy } from './mailer';

describe('textOf', () => {
  it('when html has paragraphs and a link, then the text keeps the words and the address', () => {
    const text = textOf('<h1>Hello</h1><p>Your <b>order</b> shipped.</p><a href="https://x.test/o/1">Track</a>');
    expect(text).toContain('HELLO');
    expect(text).toContain('Your order shipped.');
    expect(text).toContain('https://x.test/o/1');
    expect(text).not.toContain('<');
  });
});

describe('isAddressRejected', () => {
  const smtp = (responseCode: number, command: string, response: string) => Object.assign(new Error(response), { responseCode, command, response });
  it.each([
    ['550 at RCPT TO', smtp(550, 'RCPT TO', '550 mailbox unavailable'), true],
    ['a 5.1.1 status after DATA', smtp(550, 'DATA', '550 5.1.1 no such user'), true],
    ['a 5.1.10 status', smtp(550, 'DATA', '550 5.1.10 null MX'), true],
    ['554 for the content', smtp(554, 'DATA', '554 5.7.1 message refused as spam'), false],
    ['450 at RCPT TO (temporary)', smtp(450, 'RCPT TO', '450 4.2.1 mailbox busy'), false],
    ['a connection error', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }), false],
  ])('when the refusal is %s, then address rejected is %p', (_what, err, expected) => {
    expect(isAddressRejected(err)).toBe(expected);
  });

  it('when an address is rejected, then the refusal is permanent too', () => {
    expect(isPermanentSmtpError(smtp(550, 'RCPT TO', '550'))).toBe(true);
  });
});

describe('tlsPolicy (SMTP_REQUIRE_TLS)', () => {
  it.each([
    ['smtp://mail.example.com:587', undefined, { secure: false, requireTLS: true, ignoreTLS: false }],
    ['smtp://10.0.0.5:25', undefined, { secure: false, requireTLS: true, ignoreTLS: false }],
    ['smtp://mailpit:1025', undefined, { secure: false, requireTLS: true, ignoreTLS: false }],
    ['smtp://mailpit:1025', false, { secure: false, requireTLS: false, ignoreTLS: false }],
    ['smtp://127.0.0.1:1025', undefined, { secure: false, requireTLS: false, ignoreTLS: true }],
    ['smtp://127.0.0.2:1025', undefined, { secure: false, requireTLS: false, ignoreTLS: true }],
    ['smtp://localhost:1025', undefined, { secure: false, requireTLS: false, ignoreTLS: true }],
    ['smtp://[::1]:1025', undefined, { secure: false, requireTLS: false, ignoreTLS: true }],
    ['smtp://127.0.0.1:1025', true, { secure: false, requireTLS: true, ignoreTLS: false }],
    ['smtps://mail.example.com', undefined, { secure: true, requireTLS: false, ignoreTLS: false }],
  ] as const)('when the relay is %s and SMTP_REQUIRE_TLS is %p, then %o', (url, required, expected) => {
    expect(tlsPolicy(new URL(url), required)).toEqual(expected);
  });
});
