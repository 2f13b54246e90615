import { eventually } from '@herald/testing';
import { call, createProject, uniqueId, type JsonBody, type TestProject } from '../../testing/rest-client';

jest.setTimeout(120_000);

/**
 * SMS on sends to many (recipient ids, a list), with the sink's fake SMS provider. The numbers are
 * this file's own; which provider account sends is not asserted (the failover test of
 * mediums.e2e-spec.ts switches the primary account off for a moment).
 */
const sinkSms = async (): Promise<JsonBody[]> => {
  const url = process.env.MAIL_API_URL;
  if (!url) throw new Error('MAIL_API_URL is not set: the e2e stack runs the sink');
  const res = await fetch(`${url}/sms`);
  if (!res.ok) throw new Error(`sink GET /sms answered ${res.status}`);
  return res.json() as Promise<JsonBody[]>;
};

let counter = 0;
/** A phone number no other test uses: written with separators, and as stored (E.164). */
const newPhone = () => {
  const digits = `${String(Date.now()).slice(-7)}${String(++counter).padStart(2, '0')}`;
  return { written: `+49 16 ${digits.slice(0, 4)}-${digits.slice(4)}`, stored: `+4916${digits}` };
};

const target = { channel: 'deploys', topic: 'production', event: 'finished' };

describe('sms on sends to many', () => {
  const projectWith = async (settings: Record<string, unknown> = {}) => {
    const p = await createProject('audience-sms', settings);
    expect((await call('POST', '/preferences', { key: p.fullKey, body: { ...target, medium: 'sms', name: 'sms on deploys', default_enabled: true } })).status).toBe(201);
    return p;
  };
  /** A recipient with a primary sms number (none when `phone` is null). */
  const newRecipient = async (p: TestProject, phone: { written: string } | null) => {
    const id = uniqueId('sms');
    expect((await call('POST', '/recipients', { key: p.fullKey, body: { id } })).status).toBe(201);
    if (phone) expect((await call('PUT', `/recipients/${id}/contacts`, { key: p.fullKey, body: { medium: 'sms', address: phone.written } })).status).toBe(200);
    return id;
  };
  /** The send's notifications once it completed and none of their SMS is pending, by recipient. */
  const settledSend = async (p: TestProject, broadcastId: number, recipients: string[]) => {
    await eventually(`send ${broadcastId} completed`, async () => (await call('GET', `/broadcasts/${broadcastId}`, { key: p.fullKey })).body.data?.status === 'completed');
    return eventually(`the SMS of send ${broadcastId} settled`, async () => {
      const out = new Map<string, JsonBody>();
      for (const r of recipients) {
        const feed = await call('GET', `/recipients/${r}/notifications`, { key: p.recipientKey });
        const item = (feed.body.data.notifications as JsonBody[]).find((n) => n.broadcast_id === broadcastId);
        if (!item) return undefined;
        const n = (await call('GET', `/notifications/${item.id}`, { key: p.fullKey })).body.data;
        if (n.sms.status === 'pending') return undefined;
        out.set(r, n);
      }
      return out;
    });
  };
  const textsTo = async (number: string) => (await sinkSms()).filter((m) => m.to === number).map((m) => m.text);

  it('when a send to recipient ids carries sms, then each recipient with a number gets exactly one SMS and one without is skipped', async () => {
    const p = await projectWith();
    const [phoneA, phoneB] = [newPhone(), newPhone()];
    const [a, b, none] = [await newRecipient(p, phoneA), await newRecipient(p, phoneB), await newRecipient(p, null)];
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_ids: [a, b, none, a], target, payload: { t: 1 }, sms: { text: 'Deploy 7 finished' } } });
    expect(res.status).toBe(201);
    const byRecipient = await settledSend(p, res.body.data.broadcast.id, [a, b, none]);
    expect(byRecipient.get(a)!.sms).toMatchObject({ status: expect.stringMatching(/^(sent|delivered)$/), address: phoneA.stored });
    expect(byRecipient.get(b)!.sms).toMatchObject({ status: expect.stringMatching(/^(sent|delivered)$/), address: phoneB.stored });
    expect(byRecipient.get(none)!.sms).toMatchObject({ status: 'skipped', reason: 'no_primary_contact' });
    expect(byRecipient.get(a)!.decision.sms).toMatchObject({ because: 'catalog_entry' });
    expect(await textsTo(phoneA.stored)).toEqual(['Deploy 7 finished']);
    expect(await textsTo(phoneB.stored)).toEqual(['Deploy 7 finished']);
  });

  it('when a list send carries sms, then each subscriber gets exactly one SMS', async () => {
    const p = await projectWith();
    const phones = [newPhone(), newPhone()];
    const members = [await newRecipient(p, phones[0]), await newRecipient(p, phones[1])];
    const list = uniqueId('list');
    expect((await call('POST', '/lists', { key: p.fullKey, body: { key: list, name: 'On call' } })).status).toBe(201);
    expect((await call('PUT', `/lists/${list}/subscriptions`, { key: p.fullKey, body: { recipient_ids: members } })).body.data.subscribed).toBe(2);
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { list, target, payload: { t: 1 }, sms: { text: 'Pager: deploy failed' } } });
    expect(res.status).toBe(201);
    expect(res.body.data.broadcast.sms).toEqual({ status: 'pending' });
    await settledSend(p, res.body.data.broadcast.id, members);
    for (const phone of phones) expect(await textsTo(phone.stored)).toEqual(['Pager: deploy failed']);
    expect((await call('GET', `/broadcasts/${res.body.data.broadcast.id}`, { key: p.fullKey })).body.data.sms).toEqual({ status: 'sent', eligible: 2 });
  });

  it('when more recipients are eligible than max_list_recipients_for_sms, then no SMS is sent and each is skipped broadcast_limit_exceeded', async () => {
    const p = await projectWith({ max_list_recipients_for_sms: 1 });
    const phones = [newPhone(), newPhone()];
    const ids = [await newRecipient(p, phones[0]), await newRecipient(p, phones[1])];
    const res = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_ids: ids, target, payload: { t: 1 }, sms: { text: 'too many' } } });
    expect(res.status).toBe(201);
    const byRecipient = await settledSend(p, res.body.data.broadcast.id, ids);
    for (const id of ids) expect(byRecipient.get(id)!.sms).toMatchObject({ status: 'skipped', reason: 'broadcast_limit_exceeded' });
    for (const phone of phones) expect(await textsTo(phone.stored)).toEqual([]);
    expect((await call('GET', `/broadcasts/${res.body.data.broadcast.id}`, { key: p.fullKey })).body.data.sms).toEqual({ status: 'blocked', eligible: 2 });
  });

  it('when max_list_recipients_for_sms is 0, then such a send is 400 list_sms_not_allowed; a broadcast to everyone still refuses sms', async () => {
    const p = await projectWith({ max_list_recipients_for_sms: 0 });
    const refused = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_ids: ['a'], target, payload: {}, sms: { text: 'x' } } });
    expect([refused.status, refused.body.code]).toEqual([400, 'list_sms_not_allowed']);
    const everyone = await call('POST', '/notifications/send', { key: p.fullKey, body: { recipient_id: null, target, payload: {}, sms: { text: 'x' } } });
    expect([everyone.status, everyone.body.code]).toEqual([400, 'broadcast_sms_not_allowed']);
  });
});
