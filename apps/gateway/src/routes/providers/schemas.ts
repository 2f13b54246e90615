import { Type } from '@sinclair/typebox';
import { serviceRules } from '../../plugins/external/swagger/openapi-document';
import { NullableTimestamp } from '../shared/schemas';

export const ProviderSchema = Type.Object(
  {
    name: Type.String({ description: 'fcm, apns or slack' }),
    configured: Type.Boolean(),
    fingerprint: Type.Union([Type.String(), Type.Null()], { description: 'The first 16 hex digits of the SHA-256 of the stored settings: tells two settings apart; never the secret itself' }),
    settings: Type.Record(Type.String(), Type.String(), { description: 'The settings that are not secret (FCM: project_id, client_email, token_uri; APNs: key_id, team_id, bundle_id, environment)' }),
    updated_at: NullableTimestamp,
  },
  { title: 'Provider' },
);

export const ProviderParams = Type.Object({
  name: Type.String({ description: 'fcm, apns or slack', maxLength: 32, examples: ['apns'], ...serviceRules({ enum: ['fcm', 'apns', 'slack'] }) }),
});

/**
 * One body for every provider: each takes its own fields (docs/mobile-push.md), the others are
 * ignored. Secret fields carry no schema limits here: a refusal by the schema would echo the value,
 * so the delivery service judges them and names the field without it.
 */
export const PutProviderBody = Type.Object(
  {
    service_account: Type.Optional(
      Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String()], {
        description: 'fcm: the service account JSON from the Firebase console (project_id, client_email, private_key; token_uri optional), as an object or its text',
      }),
    ),
    key_p8: Type.Optional(Type.String({ description: 'apns: the .p8 signing key (PEM text)' })),
    key_id: Type.Optional(Type.String({ maxLength: 10, description: 'apns: the signing key id (10 characters)' })),
    team_id: Type.Optional(Type.String({ maxLength: 10, description: 'apns: the Apple developer team id (10 characters)' })),
    bundle_id: Type.Optional(Type.String({ maxLength: 155, description: "apns: the app's bundle id, sent as apns-topic" })),
    environment: Type.Optional(Type.String({ description: 'apns: sandbox or production', ...serviceRules({ enum: ['sandbox', 'production'] }) })),
    bot_token: Type.Optional(Type.String({ description: "slack: the app's bot token (xoxb-…)" })),
  },
  { title: 'ProviderInput' },
);
