import type { Contact } from '@herald/contracts';
import { invalid, notFound } from '@herald/service-kit';
import type { FastifyRequest } from 'fastify';
import { pathIdOr404 } from '../shared/path-id';
import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly, MessageOnly, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { AddContactBody, ConfirmContactCodeBody, ContactParams, ContactSchema, SetPrimaryContactBody, UpdateContactBody } from './schemas';
import { RecipientIdParams } from '../recipients/schemas';
import { contactView } from '../recipients/views';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { contactExamples } from './examples';

const tags = ['contacts'];
/** How long a contact write waits for its confirmation mail to be handed to the relay; past it the write answers anyway. */
const CONFIRMATION_MAIL_TIMEOUT_MS = 10_000;

/** A path's contact id: a positive integer in range, else the contact cannot exist (404). */
const contactIdOf = (raw: string): bigint => BigInt(pathIdOr404(raw, 'contact_not_found', 'Contact not found'));

/** A chat contact's webhook URL holds its secret: a recipient token sees only its origin (`https://discord.com/…`). */
const withoutWebhookSecret = (c: Contact): Contact => {
  if (c.medium !== 'chat' || !/^https?:\/\//i.test(c.address)) return c;
  return { ...c, address: `${new URL(c.address).origin}/…` };
};

/**
 * Contacts of a recipient. Each handler is one RPC, but for a
 * write by a recipient token (a browser) that puts a new email address: that address awaits its
 * owner's confirmation (no email goes to it), and the delivery service mails it the confirmation
 * link (docs/security.md). A token replacing a verified primary email only proposes the change: the
 * new address gets its link, the current one a notice with the link approving it, and the change
 * takes effect when both are followed. An sms number a token writes is held until the code texted to
 * it comes back (`POST …/confirm`). Writes with a key keep the contract's behaviour; sms numbers
 * outside the project's sms_country_codes are refused whoever writes them.
 */
const contactRoutes: RoutePlugin = async (app) => {
  const rpc = app.services.recipients;
  const recipient = 'recipient' as const;
  const byRecipientToken = (request: FastifyRequest) => request.principal.kind === 'token';
  /** The project's sms_country_codes (empty: it may text every country). */
  const smsCountryCodes = (request: FastifyRequest) => request.project.settings.sms_country_codes ?? [];

  /**
   * Mails the confirmation link when this write put an address awaiting confirmation. The contact
   * is written whatever happens here: a failure (or no answer within 10 s) is logged; the token
   * setting the same primary address again (PUT) mails a new link, and the project's server may
   * verify the contact instead.
   */
  const mailConfirmation = async (request: FastifyRequest, res: { contact?: Contact; confirmationNeeded: boolean; approvalAddress?: string }) => {
    const { contact } = res;
    if (!contact) return;
    const from = request.project.settings.email_from;
    const mail = async (address: string, newAddress?: string) => {
      try {
        await app.services.deliveries.sendContactConfirmation({
          projectId: BigInt(request.project.id),
          recipientId: contact.recipientId,
          contactId: contact.id,
          address,
          newAddress,
          medium: contact.medium,
          emailFromAddress: from?.address,
          emailFromName: from?.name ?? undefined,
        }, { timeoutMs: CONFIRMATION_MAIL_TIMEOUT_MS });
      } catch (err) {
        request.log.warn({ err, contactId: Number(contact.id) }, 'contact confirmation mail not sent');
      }
    };
    if (res.confirmationNeeded) await mail(contact.address);
    // A change of a verified primary: its owner is told, with the link approving it.
    if (res.approvalAddress !== undefined) await mail(res.approvalAddress, contact.address);
  };

  app.post(
    '/recipients/:recipient_id/contacts',
    { config: { access: recipient }, schema: { ...documented({ summary: 'Add a contact', success: 'Created', request: contactExamples.input, response: contactExamples.created }), tags, params: RecipientIdParams, body: AddContactBody, response: { 201: withMessage(ContactSchema), ...errorResponses('message') } } },
    async (request, reply) => {
      const res = await rpc.addContact({
        projectId: BigInt(request.project.id),
        recipientId: request.params.recipient_id,
        medium: request.body.medium,
        address: request.body.address,
        provider: request.body.provider,
        isPrimary: request.body.is_primary ?? false,
        byRecipientToken: byRecipientToken(request),
        smsCountryCodes: smsCountryCodes(request),
      });
      const { contact } = res;
      await mailConfirmation(request, res);
      return reply.code(201).send({ message: 'Contact created', data: contactView(contact) });
    },
  );

  app.get(
    '/recipients/:recipient_id/contacts',
    { config: { access: recipient }, schema: { ...documented({ summary: 'List a recipient\'s contacts', success: 'The contacts', response: contactExamples.list }), tags, params: RecipientIdParams, response: { 200: dataOnly(Type.Object({ contacts: Type.Array(ContactSchema) })), ...errorResponses('message') } } },
    async (request) => {
      const { contacts } = await rpc.listContacts({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id });
      const shown = byRecipientToken(request) ? contacts.map(withoutWebhookSecret) : contacts;
      return { data: { contacts: shown.map(contactView) } };
    },
  );

  // Set primary contact: errors in the `error` family.
  app.put(
    '/recipients/:recipient_id/contacts',
    { config: { access: recipient }, schema: { ...documented({ summary: 'Set the primary contact of a medium', success: 'The primary contact', request: contactExamples.primary, response: contactExamples.primarySet }), tags, params: RecipientIdParams, body: SetPrimaryContactBody, response: { 200: withMessage(ContactSchema), ...errorResponses('error') } } },
    async (request) => {
      const res = await rpc.setPrimaryContact({
        projectId: BigInt(request.project.id),
        recipientId: request.params.recipient_id,
        medium: request.body.medium,
        address: request.body.address,
        provider: request.body.provider,
        byRecipientToken: byRecipientToken(request),
        smsCountryCodes: smsCountryCodes(request),
      });
      const { contact } = res;
      await mailConfirmation(request, res);
      const message = res.approvalAddress === undefined ? 'Primary contact set' : 'Primary contact change awaits confirmation by the new and the current address';
      return { message, data: contactView(contact) };
    },
  );

  app.patch(
    '/recipients/:recipient_id/contacts/:contact_id',
    { config: { access: recipient }, schema: { ...documented({ summary: 'Change a contact', description: 'A new `address` follows the rules of the contact\'s stored medium (an email addr-spec, an E.164 number, a web_push PushSubscription as JSON text, a chat conversation or webhook): 400 `validation_failed` on `address` otherwise.', success: 'Updated', request: contactExamples.patch, response: contactExamples.updated }), tags, params: ContactParams, body: UpdateContactBody, response: { 200: withMessage(ContactSchema), ...errorResponses('message') } } },
    async (request) => {
      const contactId = contactIdOf(request.params.contact_id);
      const { address, is_primary } = request.body;
      if (address === undefined && is_primary === undefined) {
        throw invalid('Send at least one of address, is_primary', [
          { message: 'address or is_primary is required', description: 'At least one field must be sent', property_path: '', invalid_value: null },
        ]);
      }
      const res = await rpc.updateContact({
        projectId: BigInt(request.project.id),
        recipientId: request.params.recipient_id,
        contactId,
        address,
        isPrimary: is_primary,
        byRecipientToken: byRecipientToken(request),
        smsCountryCodes: smsCountryCodes(request),
      });
      const { contact } = res;
      await mailConfirmation(request, res);
      return { message: 'Contact updated', data: contactView(contact) };
    },
  );

  app.post(
    '/recipients/:recipient_id/contacts/:contact_id/confirm',
    { config: { access: recipient }, schema: { ...documented({ summary: 'Confirm an sms number with the code texted to it', success: 'Confirmed', request: contactExamples.code, response: contactExamples.codeConfirmed }), tags, params: ContactParams, body: ConfirmContactCodeBody, response: { 200: withMessage(ContactSchema), ...errorResponses('message') } } },
    async (request) => {
      const contactId = contactIdOf(request.params.contact_id);
      const target = { projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, contactId };
      const { contacts } = await rpc.listContacts(target);
      if (!contacts.some((c) => c.id === contactId)) throw notFound('contact_not_found', 'Contact not found');
      const { address } = await app.services.deliveries.checkContactCode({ ...target, code: request.body.code });
      const { contact } = await rpc.confirmContact({ ...target, address });
      return { message: 'Contact confirmed', data: contactView(contact) };
    },
  );

  app.delete(
    '/recipients/:recipient_id/contacts/:contact_id',
    { schema: { ...documented({ summary: 'Remove a contact', success: 'Removed', response: contactExamples.deleted }), tags, params: ContactParams, response: { 200: MessageOnly, ...errorResponses('message') } } },
    async (request) => {
      const contactId = contactIdOf(request.params.contact_id);
      await rpc.deleteContact({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, contactId });
      return { message: 'Contact deleted' };
    },
  );

  app.post(
    '/recipients/:recipient_id/contacts/:contact_id/verify',
    { schema: { ...documented({ summary: 'Mark a contact verified', success: 'Verified', response: contactExamples.verified }), tags, params: ContactParams, response: { 200: withMessage(ContactSchema), ...errorResponses('message') } } },
    async (request) => {
      const contactId = contactIdOf(request.params.contact_id);
      const { contact } = await rpc.verifyContact({ projectId: BigInt(request.project.id), recipientId: request.params.recipient_id, contactId });
      return { message: 'Contact verified', data: contactView(contact) };
    },
  );
};

export default contactRoutes;
