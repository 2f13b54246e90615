import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type JsonBody } from '../../testing/rest-client';

/**
 * An sms number set with a recipient token is held until the code texted to it comes back: the
 * whole path through REST, the four processes and the sink's fake SMS provider. The test stack runs
 * small budgets (CONTACT_CONFIRMATION_SMS_PER_PROJECT_HOUR 5, _PER_COUNTRY_HOUR 2; a recipient's 3 a
 * day is the default), each test in its own project.
 */
const sinkApi = () => {
  const url = process.env.MAIL_API_URL;
  if (!url) throw new Error('MAIL_API_URL is not set: the e2e stack runs the sink');
  return url;
};
const textsTo = async (number: string): Promise<JsonBody[]> => ((await (await fetch(`${sinkApi()}/sms`)).json()) as JsonBody[]).filter((m) => m.to === number);

let counter = 0;
/** A number of the calling code no other test uses. */
const newNumber = (callingCode: string) => `+${callingCode}7${String(Date.now()).slice(-6)}${String(++counter).padStart(2, '0')}`;

describe('sms numbers set with a recipient token', () => {
  const target = { channel: 'account', topic: 'security', event: 'code' };

  const setUp = async (settings?: Record<string, unknown>) => {
    const p = await createProject('codes', settings);
    expect((await call('POST', '/preferences', { key: p.fullKey, body: { ...target, medium: 'sms', name: 'Security codes', default_enabled: true } })).status).toBe(201);
    const newRecipient = async () => {
      const id = uniqueId('code');
      expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
      const token = (await call('POST', `/recipients/${id}/tokens`, { key: p.fullKey, body: { ttl_seconds: 600 } })).body.data.token as string;
      return { id, token };
    };
    return { p, newRecipient };
  };
  /** The code of the n-th SMS texted to the number. */
  const codeTo = async (number: string, n = 1) => {
    const text = await eventually(`code ${n} to ${number}`, async () => (await textsTo(number))[n - 1]?.text as string | undefined);
    return /\b(\d{6})\b/.exec(text)![1];
  };
  /** Sets the number as the primary sms with the token; when the write has answered, its code SMS was handed over or refused. */
  const setNumber = async (r: { id: string; token: string }, number: string) => {
    const res = await call('PUT', `/recipients/${r.id}/contacts`, { key: r.token, body: { medium: 'sms', address: number } });
    expect(res.status).toBe(200);
    return res.body.data as { id: number; confirmed: boolean };
  };
  const confirm = (r: { id: string; token: string }, contactId: number, code: string) =>
    call('POST', `/recipients/${r.id}/contacts/${contactId}/confirm`, { key: r.token, body: { code } });

  it('when a token sets an sms number, then sends skip it (contact_unconfirmed) until the texted code comes back; a wrong code is 400 confirmation_code_wrong', async () => {
    const { p, newRecipient } = await setUp();
    const r = await newRecipient();
    const number = newNumber('44');
    const contact = await setNumber(r, number);
    expect(contact.confirmed).toBe(false);
    const code = await codeTo(number);
    const sendOne = async (text: string) => {
      const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: r.id, target, sms: { text } } });
      const nid = res.body.data.notification.id as number;
      return eventually(`sms of ${nid}`, async () => {
        const n = (await call('GET', `/notifications/${nid}`, { key: p.fullKey })).body.data;
        return n?.sms && n.sms.status !== 'pending' ? n.sms : undefined;
      });
    };
    expect(await sendOne('held')).toMatchObject({ status: 'skipped', reason: 'contact_unconfirmed', address: number });

    const wrong = await confirm(r, contact.id, code === '000000' ? '111111' : '000000');
    expect({ status: wrong.status, code: wrong.body.code }).toEqual({ status: 400, code: 'confirmation_code_wrong' });
    const right = await confirm(r, contact.id, code);
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ message: 'Contact confirmed', data: { address: number, confirmed: true } });
    expect((await sendOne('let through')).status).not.toBe('skipped');
    expect((await textsTo(number)).map((m) => m.text)).toContain('let through');
  });

  it('when five wrong codes were tried, then the right one is dead (confirmation_code_dead); a new code works', async () => {
    const { newRecipient } = await setUp();
    const r = await newRecipient();
    const number = newNumber('44');
    const contact = await setNumber(r, number);
    const code = await codeTo(number);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(r, contact.id, wrong)).body.code).toBe('confirmation_code_wrong');
    const dead = await confirm(r, contact.id, code);
    expect({ status: dead.status, code: dead.body.code }).toEqual({ status: 400, code: 'confirmation_code_dead' });
    await setNumber(r, number);
    expect((await confirm(r, contact.id, await codeTo(number, 2))).status).toBe(200);
  });

  it('when one recipient asks a fourth code in a day, then no SMS is sent', async () => {
    const { newRecipient } = await setUp();
    const r = await newRecipient();
    // Three countries, so the per-country budget (2 in the test stack) is not the one reached.
    const numbers = [newNumber('44'), newNumber('49'), newNumber('33'), newNumber('39')];
    for (const number of numbers) await setNumber(r, number);
    for (const number of numbers.slice(0, 3)) expect(await textsTo(number)).toHaveLength(1);
    expect(await textsTo(numbers[3])).toHaveLength(0);
  });

  it('when a project has texted its hourly budget of codes, then the next recipient gets none', async () => {
    const { newRecipient } = await setUp();
    // Five codes to five recipients of five countries: the project's budget (5 in the test stack).
    const sent = ['44', '49', '33', '39', '34'].map(newNumber);
    for (const number of sent) await setNumber(await newRecipient(), number);
    for (const number of sent) expect(await textsTo(number)).toHaveLength(1);
    const refused = newNumber('31');
    await setNumber(await newRecipient(), refused);
    expect(await textsTo(refused)).toHaveLength(0);
  });

  it("when a project has texted one country's hourly budget of codes, then another number of that country gets none, one of another country does", async () => {
    const { newRecipient } = await setUp();
    const sent = [newNumber('44'), newNumber('44')];
    for (const number of sent) await setNumber(await newRecipient(), number);
    const refused = newNumber('44');
    await setNumber(await newRecipient(), refused);
    const other = newNumber('49');
    await setNumber(await newRecipient(), other);
    for (const number of [...sent, other]) expect(await textsTo(number)).toHaveLength(1);
    expect(await textsTo(refused)).toHaveLength(0);
  });

  it('when the project lists the calling codes it may text, then a number outside them is 400 sms_country_not_allowed, for a token and a key alike', async () => {
    const { p, newRecipient } = await setUp({ sms_country_codes: ['44', '1'] });
    const project = await call('GET', `/admin/projects/${p.id}`, { key: process.env.HERALD_ADMIN_TOKEN });
    expect(project.body.data.settings.sms_country_codes).toEqual(['44', '1']);
    const r = await newRecipient();
    for (const key of [r.token, p.fullKey]) {
      const res = await call('POST', `/recipients/${r.id}/contacts`, { key, body: { medium: 'sms', address: newNumber('49') } });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'sms_country_not_allowed' });
    }
    expect((await call('POST', `/recipients/${r.id}/contacts`, { key: r.token, body: { medium: 'sms', address: newNumber('44') } })).status).toBe(201);
  });

  it('when the project lists its calling codes after numbers were stored, then a stored number outside them is not texted (sms_country_not_allowed), one inside still is', async () => {
    const { p, newRecipient } = await setUp();
    const [outside, inside] = [await newRecipient(), await newRecipient()];
    const [outsideNumber, insideNumber] = [newNumber('49'), newNumber('44')];
    for (const [r, number] of [[outside, outsideNumber], [inside, insideNumber]] as const) {
      expect((await call('PUT', `/recipients/${r.id}/contacts`, { key: p.fullKey, body: { medium: 'sms', address: number } })).status).toBe(200);
    }
    expect((await call('PATCH', `/admin/projects/${p.id}`, { key: process.env.HERALD_ADMIN_TOKEN, body: { settings: { sms_country_codes: ['44'] } } })).status).toBe(200);
    const smsOf = async (recipientId: string) => {
      const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: recipientId, target, sms: { text: 'Your sign-in code is 1234' } } });
      expect(res.status).toBe(201);
      const nid = res.body.data.notification.id as number;
      return eventually(`sms of ${nid}`, async () => {
        const n = (await call('GET', `/notifications/${nid}`, { key: p.fullKey })).body.data;
        return n?.sms && n.sms.status !== 'pending' ? n : undefined;
      });
    };
    const refused = await smsOf(outside.id);
    expect(refused.sms).toMatchObject({ status: 'skipped', reason: 'sms_country_not_allowed', address: outsideNumber });
    expect(refused.decision.sms).toMatchObject({ because: 'sms_country_not_allowed' });
    // Texted: `sent`, or already `delivered` when the fake provider's delivery report came before this read.
    const texted = (await smsOf(inside.id)).sms;
    expect(texted).toMatchObject({ address: insideNumber });
    expect(['sent', 'delivered']).toContain(texted.status);
    expect(await textsTo(insideNumber)).toHaveLength(1);
    expect(await textsTo(outsideNumber)).toHaveLength(0);
  });

  it('when the contact does not exist, then confirming it is 404', async () => {
    const { newRecipient } = await setUp();
    const r = await newRecipient();
    const res = await confirm(r, 999_999_999, '123456');
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'contact_not_found' });
  });
});
