import Ajv from 'ajv';
import type { TSchema } from '@sinclair/typebox';
import { AddContactBody } from '../../../routes/contacts/schemas';
import { SendBody } from '../../../routes/notifications/schemas';
import { CatalogItemBody } from '../../../routes/preferences/schemas';
import { SERVICE_RULES } from './openapi-document';

/** Whether a body passes the cross-field rules the document states for it (its top-level service rules). */
const passesRules = (schema: TSchema) => {
  const check = new Ajv().compile((schema as Record<string, object>)[SERVICE_RULES]);
  return (body: unknown) => check(body);
};

const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const auth = Buffer.alloc(16, 9).toString('base64url');

describe('the cross-field rules of the document', () => {
  const contact = passesRules(AddContactBody);
  const webPush = (address: string) => contact({ medium: 'web_push', address });

  it("when a web_push address is a browser's PushSubscription as JSON, then the document allows it (Chrome's and Firefox's forms)", () => {
    expect(webPush(JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/dX:APA91b-x_y', expirationTime: null, keys: { p256dh, auth } }))).toBe(true);
    expect(webPush(JSON.stringify({ endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA', keys: { auth, p256dh } }))).toBe(true);
  });

  it('when a web_push address is not a PushSubscription, then the document refuses it; other mediums are not judged by it', () => {
    for (const address of ['not json', JSON.stringify({ endpoint: 'http://push.example.com/x', keys: { p256dh, auth } }), JSON.stringify({ endpoint: 'https://push.example.com/x', keys: { p256dh: p256dh.slice(1), auth } })]) {
      expect({ address, ok: webPush(address) }).toEqual({ address, ok: false });
    }
    expect(contact({ medium: 'mobile_push', address: 'not json' })).toBe(true);
  });

  it('when a catalog entry has a digest, then the document requires the email medium', () => {
    const entry = passesRules(CatalogItemBody);
    const digest = { window_seconds: 600, max_items: 10, subject: '{count} new comments' };
    expect([entry({ medium: 'email', digest }), entry({ digest }), entry({ medium: 'sms', digest }), entry({ medium: 'sms', digest: null })]).toEqual([true, false, false, true]);
  });

  it("when an email says unless, then the document requires a payload", () => {
    const send = passesRules(SendBody);
    const email = { subject: 'Hi', html: '<p>Hi</p>', unless: 'read' };
    expect([send({ recipient_id: 'u', email, payload: { title: 'Hi' } }), send({ recipient_id: 'u', email }), send({ recipient_id: 'u', email: { subject: 'Hi', html: '<p>Hi</p>' } })]).toEqual([true, false, true]);
  });
});
