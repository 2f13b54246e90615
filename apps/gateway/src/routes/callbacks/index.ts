import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';

const tags = ['callbacks'];
const config = { access: 'public' as const };
// Tokens are about 110 characters; the bound stays under the router's path-parameter limit.
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) });
/** What a Twilio-compatible provider posts (other fields are ignored). */
const StatusBody = Type.Object(
  {
    MessageSid: Type.Optional(Type.String({ maxLength: 128 })),
    MessageStatus: Type.Optional(Type.String({ maxLength: 64 })),
    ErrorCode: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { title: 'SmsStatusCallback', additionalProperties: true },
);
const StatusResult = Type.Object({ changed: Type.Boolean({ description: 'Whether the SMS outcome moved (false: an intermediate status, a repeat, or another message)' }) }, { title: 'SmsStatusResult' });

/**
 * Status callbacks of SMS providers: each SMS names `<PUBLIC_BASE_URL>/callbacks/sms/<token>`
 * as its StatusCallback; the provider posts the message's status there (a form, Twilio's field
 * names). No key: the token is the capability, signed by the delivery service for one notification
 * and checked by it (404 `callback_token_invalid` otherwise: the URL names no notification). A final status moves the SMS outcome
 * from `sent` to `delivered` or `undelivered` and emits `sms.delivered` / `sms.undelivered`.
 */
const callbackRoutes: RoutePlugin = async (app) => {
  const deliveries = app.services.deliveries;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/callbacks/sms/:token',
    { config, schema: { ...documented({ summary: 'Report an SMS delivery status (providers)', description: 'The token is the capability (no key), signed for one notification: a forged or foreign one names no callback, 404 `callback_token_invalid`.', success: 'Recorded', request: { MessageSid: 'SM2c5e8f1a9b7d4e3c6a0f2b8d1e4c7a9f', MessageStatus: 'delivered' }, response: { message: 'Status recorded', data: { changed: true } } }), tags, params: TokenParams, body: StatusBody, response: { 200: withMessage(StatusResult), ...errorResponses('message') } } },
    async (request) => {
      const { MessageSid, MessageStatus, ErrorCode } = request.body;
      const res = await deliveries.recordSmsStatus({ token: request.params.token, messageSid: MessageSid ?? '', status: MessageStatus ?? '', errorCode: ErrorCode });
      return { message: res.changed ? 'Status recorded' : 'Nothing to change', data: { changed: res.changed } };
    },
  );
};

export default callbackRoutes;
