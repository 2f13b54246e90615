import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { createSmsStatusCoalescer } from './sms-status-coalescer';

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
 * The callbacks that arrive within a few ms go to the delivery service together (sms-status-coalescer);
 * each is answered once its own report is recorded.
 */
const callbackRoutes: RoutePlugin = async (app) => {
  const recordSmsStatus = createSmsStatusCoalescer(app.services.deliveries);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/callbacks/sms/:token',
    { config, schema: { ...documented({ summary: 'Report an SMS delivery status (providers)', description: 'The token is the capability (no key), signed for one notification: a forged or foreign one names no callback, 404 `callback_token_invalid`.', success: 'Recorded', request: { MessageSid: 'SM2c5e8f1a9b7d4e3c6a0f2b8d1e4c7a9f', MessageStatus: 'delivered' }, response: { message: 'Status recorded', data: { changed: true } } }), tags, params: TokenParams, body: StatusBody, response: { 200: withMessage(StatusResult), ...errorResponses('message') } } },
    async (request) => {
      const { MessageSid, MessageStatus, ErrorCode } = request.body;
      const res = await recordSmsStatus({ token: request.params.token, messageSid: MessageSid ?? '', status: MessageStatus ?? '', errorCode: ErrorCode });
      return { message: res.changed ? 'Status recorded' : 'Nothing to change', data: { changed: res.changed } };
    },
  );
};

export default callbackRoutes;
