import { createFakeClock } from '@herald/service-kit';
import { createCheckContactCode } from './check-contact-code';
import { CODE_TRIES, CODE_TTL_MS, hashCode, judgeCode, newCode, type StoredCode } from './contact-code';
import type { ContactCodes } from './contact-codes';
import { createSendContactCode } from './send-contact-code';

const SECRET = 's'.repeat(32);

/** The two use cases over an in-memory code store and budget, with a fake clock and the texts kept. */
function setUp(limits = { perRecipientDay: 3, perProjectHour: 100, perCountryHour: 20 }) {
  const clock = createFakeClock();
  const store = new Map<string, StoredCode>();
  const slots = new Map<string, number>();
  const texts: Array<{ to: string; text: string }> = [];
  const contactCodes: ContactCodes = {
    secret: SECRET,
    limits,
    codes: {
      put: async (key, code) => void store.set(key, { ...code }),
      get: async (key) => (store.has(key) ? { ...store.get(key)! } : null),
      countTry: async (key, seen) => {
        const code = store.get(key);
        if (!code || code.tries !== seen) return false;
        code.tries = seen + 1;
        return true;
      },
      remove: async (key) => void store.delete(key),
    },
    budget: {
      take: async (key, windowMs, now, max) => {
        const window = `${key}|${Math.floor(now.getTime() / windowMs)}`;
        const used = slots.get(window) ?? 0;
        if (used >= max) return false;
        slots.set(window, used + 1);
        return true;
      },
    },
  };
  const deps = { contactCodes, now: () => clock.date(), senders: { sms: async (sms: { to: string; text: string }) => (texts.push(sms), { provider: 'fake', messageId: 'm' }) } };
  const send = createSendContactCode(deps);
  const check = createCheckContactCode(deps);
  const codeOf = (n = texts.length) => /\d{6}/.exec(texts[n - 1].text)![0];
  return { clock, send, check, texts, codeOf };
}

const contact = { projectId: 1, recipientId: 'ann', contactId: 7, address: '+4915112345678' };
const codeError = async (p: Promise<unknown>) => p.then(() => null, (err: { code: string }) => err.code);

describe('judgeCode', () => {
  const now = new Date(Date.UTC(2026, 0, 1));
  const right = hashCode(SECRET, 'k', '123456');
  const stored = (over: Partial<StoredCode> = {}): StoredCode => ({ address: '+4915112345678', codeHash: right, tries: 0, expiresAt: new Date(now.getTime() + CODE_TTL_MS), ...over });
  it.each<[string, StoredCode | null, string, string]>([
    ['no code was texted', null, right, 'none'],
    ['the right code, fresh', stored(), right, 'ok'],
    ['a wrong code', stored(), hashCode(SECRET, 'k', '654321'), 'wrong'],
    ['the right code of another contact', stored(), hashCode(SECRET, 'other', '123456'), 'wrong'],
    ['the right code after the last try', stored({ tries: CODE_TRIES }), right, 'dead'],
    ['the right code with one try left', stored({ tries: CODE_TRIES - 1 }), right, 'ok'],
    ['the right code at its expiry', stored({ expiresAt: now }), right, 'expired'],
    ['an expired code with no tries left', stored({ expiresAt: now, tries: CODE_TRIES }), right, 'expired'],
  ])('when %s, then the verdict is as in the table', (_what, code, given, verdict) => {
    expect(judgeCode(code, given, now)).toBe(verdict);
  });

  it('when codes are drawn, then each is 6 digits', () => {
    for (let i = 0; i < 100; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });
});

describe('send and check a contact code', () => {
  it('when the texted code is typed back, then it answers the number, and the code is used up', async () => {
    const { send, check, codeOf } = setUp();
    await send(contact);
    await expect(check({ ...contact, code: codeOf() })).resolves.toEqual({ address: contact.address });
    expect(await codeError(check({ ...contact, code: codeOf() }))).toBe('confirmation_code_missing');
  });

  it.each([
    [CODE_TTL_MS - 1, 'it is accepted', null],
    [CODE_TTL_MS, 'it is refused as expired', 'confirmation_code_expired'],
  ])('when %i ms have passed since the code was texted, then %s', async (elapsed, _what, code) => {
    const { send, check, codeOf, clock } = setUp();
    await send(contact);
    clock.advance(elapsed);
    expect(await codeError(check({ ...contact, code: codeOf() }))).toBe(code);
  });

  it('when wrong codes are typed, then each is refused with the tries left, and after the fifth the right code is dead', async () => {
    const { send, check, codeOf } = setUp();
    await send(contact);
    const wrong = codeOf() === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < CODE_TRIES; i++) {
      const err = await check({ ...contact, code: wrong }).catch((e: { code: string; message: string }) => e);
      expect(err).toMatchObject({ code: 'confirmation_code_wrong' });
      messages.push((err as { message: string }).message);
    }
    expect(messages[0]).toContain('4 tries left');
    expect(messages[CODE_TRIES - 1]).toContain('no tries left');
    expect(await codeError(check({ ...contact, code: codeOf() }))).toBe('confirmation_code_dead');
  });

  it('when many wrong tries come at once, then each is counted: at most five are compared', async () => {
    const { send, check, codeOf } = setUp();
    await send(contact);
    const wrong = codeOf() === '000000' ? '111111' : '000000';
    const codes = await Promise.all(Array.from({ length: 20 }, () => codeError(check({ ...contact, code: wrong }))));
    expect(codes.filter((c) => c === 'confirmation_code_wrong')).toHaveLength(CODE_TRIES);
    expect(codes.filter((c) => c === 'confirmation_code_dead')).toHaveLength(20 - CODE_TRIES);
  });

  it('when a new code is texted, then the old one confirms nothing and the tries start again', async () => {
    const { send, check, codeOf, texts } = setUp();
    await send(contact);
    const first = codeOf();
    await send(contact);
    const second = codeOf();
    expect(texts).toHaveLength(2);
    if (first !== second) expect(await codeError(check({ ...contact, code: first }))).toBe('confirmation_code_wrong');
    await expect(check({ ...contact, code: second })).resolves.toEqual({ address: contact.address });
  });

  it.each([
    ['one recipient: 3 a day', { perRecipientDay: 3, perProjectHour: 100, perCountryHour: 20 }, (i: number) => ({ ...contact, contactId: i }), 3],
    ['the project: its hourly budget', { perRecipientDay: 3, perProjectHour: 4, perCountryHour: 20 }, (i: number) => ({ ...contact, recipientId: `r${i}` }), 4],
    ["the project's numbers of one country: its hourly budget", { perRecipientDay: 3, perProjectHour: 100, perCountryHour: 2 }, (i: number) => ({ ...contact, recipientId: `r${i}` }), 2],
  ])('when codes are asked past the budget of %s, then the next is refused (confirmation_sms_limit) and nothing is texted', async (_what, limits, nth, max) => {
    const { send, texts } = setUp(limits);
    for (let i = 0; i < max; i++) await send(nth(i));
    expect(await codeError(send(nth(max)))).toBe('confirmation_sms_limit');
    expect(texts).toHaveLength(max);
  });

  it('when a day has passed, then the recipient gets codes again', async () => {
    const { send, clock } = setUp();
    for (let i = 0; i < 3; i++) await send(contact);
    expect(await codeError(send(contact))).toBe('confirmation_sms_limit');
    clock.advance(24 * 3_600_000);
    expect(await codeError(send(contact))).toBeNull();
  });
});
