import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { ContactSchema } from '../contacts/schemas';
import { contactView } from '../recipients/views';
import { approvedPage, approvePage, confirmedPage, confirmPage } from './pages';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { contactExamples } from '../contacts/examples';

const tags = ['contacts'];
const errors = errorResponses('message');
const config = { access: 'public' as const };
// Tokens are far shorter; the bound stays under the router's path-parameter limit (4,096, else 414).
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2048 }) });
const LINK_RULES =
  'The token is the capability (no key). A tampered, unknown or expired link names no confirmation: 404 `contact_confirmation_invalid` or `contact_confirmation_expired`; ' +
  'a contact or recipient since deleted: 404; a link for an address the contact no longer has: 400 `contact_confirmation_stale`. Confirming again is harmless.';

/**
 * Contact confirmation: the link Herald mails to an email address a recipient token set, and the
 * link approving a change of a verified primary address, mailed to that address.
 * No key: the token is the capability, checked by the delivery service that signed it. As for
 * one-click unsubscribe, GET only shows a page with a button (mail scanners follow links) and POST
 * confirms; confirming again is harmless. An expired or a tampered link names nothing: 404
 * (`contact_confirmation_expired`, `contact_confirmation_invalid`), as does a contact or recipient
 * since deleted; a link for an address the contact no longer has: 400 (`contact_confirmation_stale`).
 */
const contactConfirmationRoutes: RoutePlugin = async (app) => {
  const { deliveries, recipients } = app.services;
  // A browser's form post carries an empty form.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
  }
  const wantsHtml = (accept: string | undefined) => /text\/html/.test(accept ?? '') && !/application\/json/.test(accept ?? '');

  app.get(
    '/contact-confirmations/:token',
    { config, schema: { summary: 'The confirmation page of an email address', tags, params: TokenParams, response: { 200: { description: 'An HTML page with a button that posts the confirmation', content: { 'text/html': { schema: { type: 'string' } } } }, ...errors } } },
    async (request, reply) => {
      // The approval of a change reads differently; any token that does not check shows the plain page (GET answers no error).
      const approval = await deliveries.checkContactConfirmationToken({ token: request.params.token }).then((claim) => claim.approvedBy !== undefined, () => false);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(approval ? approvePage() : confirmPage());
    },
  );

  app.post(
    '/contact-confirmations/:token',
    { config, schema: { ...documented({ summary: 'Confirm an email address', description: LINK_RULES, success: 'Confirmed', response: contactExamples.confirmed }), tags, params: TokenParams, response: { 200: withMessage(ContactSchema), ...errors } } },
    async (request, reply) => {
      const claim = await deliveries.checkContactConfirmationToken({ token: request.params.token });
      await app.recipientPresence.require(claim.projectId, claim.recipientId);
      const { contact } = await recipients.confirmContact({ projectId: claim.projectId, recipientId: claim.recipientId, contactId: claim.contactId, address: claim.address, approvedBy: claim.approvedBy });
      request.log.info({ projectId: Number(claim.projectId), recipientId: claim.recipientId, contactId: Number(claim.contactId) }, claim.approvedBy === undefined ? 'contact address confirmed' : 'primary address change approved');
      if (wantsHtml(request.headers.accept)) return reply.type('text/html; charset=utf-8').send((claim.approvedBy === undefined ? confirmedPage() : approvedPage()) as never);
      return { message: 'Contact confirmed', data: contactView(contact) };
    },
  );
};

export default contactConfirmationRoutes;
