import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { confirmationPage, donePage } from './pages';
import { documented } from '../../plugins/external/swagger/openapi-document';

const tags = ['unsubscribe'];
const errors = errorResponses('message');
const config = { access: 'public' as const };
// Tokens are far shorter; the bound stays under the router's path-parameter limit (4,096, else 414).
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 1024 }) });
const UnsubscribeResult = Type.Object(
  {
    recipient_id: Type.String(),
    target: Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String(), medium: Type.Literal('email') }),
    state: Type.Object({ enabled: Type.Literal(false) }),
  },
  { title: 'UnsubscribeResult' },
);
const LINK_RULES =
  'The token is the capability (no key). A tampered, unknown or expired link names no preference: 404 `unsubscribe_token_invalid` or `unsubscribe_token_expired`. ' +
  'A second POST of the same token is harmless.';

/**
 * One-click unsubscribe (RFC 8058, RFC 2369): the URL in a mail's List-Unsubscribe header. No key:
 * the token is the capability, checked by the delivery service that signed it. POST turns that
 * recipient's email preference for that target off, exactly as PATCH /recipients/{id}/preferences
 * would (same recipient check, same preference RPC; the rule records `set_via: unsubscribe_link`);
 * GET only shows a page with a button, because mail scanners follow links. A second POST of the
 * same token is harmless; a tampered or expired one names nothing (404).
 */
const unsubscribeRoutes: RoutePlugin = async (app) => {
  const { deliveries } = app.services;
  const { preferences } = app;
  // Mailbox providers post `List-Unsubscribe=One-Click` as a form (RFC 8058 §3.1); the body says nothing else.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
  }
  const wantsHtml = (accept: string | undefined) => /text\/html/.test(accept ?? '') && !/application\/json/.test(accept ?? '');

  app.get(
    '/unsubscribe/:token',
    { config, schema: { summary: 'The unsubscribe page of an email link', tags, params: TokenParams, response: { 200: { description: 'An HTML page with a button that posts the unsubscribe', content: { 'text/html': { schema: { type: 'string' } } } }, ...errors } } },
    async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(confirmationPage()),
  );

  app.post(
    '/unsubscribe/:token',
    { config, schema: { ...documented({ summary: 'Unsubscribe (one click)', description: LINK_RULES, success: 'Unsubscribed', response: { message: 'Unsubscribed', data: { recipient_id: 'user-42', target: { channel: 'billing', topic: 'invoices', event: 'invoice.paid', medium: 'email' }, state: { enabled: false } } } }), tags, params: TokenParams, response: { 200: withMessage(UnsubscribeResult), ...errors } } },
    async (request, reply) => {
      const claim = await deliveries.checkUnsubscribeToken({ token: request.params.token });
      const target = { channel: claim.target?.channel ?? '', topic: claim.target?.topic ?? '', event: claim.target?.event ?? '' };
      await app.recipientPresence.require(claim.projectId, claim.recipientId);
      await preferences.setPreference({ projectId: claim.projectId, recipientId: claim.recipientId, target, medium: 'email', enabled: false, setVia: 'unsubscribe_link' });
      request.log.info({ projectId: Number(claim.projectId), recipientId: claim.recipientId, target }, 'one-click unsubscribe');
      if (wantsHtml(request.headers.accept)) return reply.type('text/html; charset=utf-8').send(donePage() as never);
      return { message: 'Unsubscribed', data: { recipient_id: claim.recipientId, target: { ...target, medium: 'email' as const }, state: { enabled: false as const } } };
    },
  );
};

export default unsubscribeRoutes;
