import { Type } from '@sinclair/typebox';
import { serviceRules } from '../../plugins/external/swagger/openapi-document';
import { Nullable, Timestamp } from '../shared/schemas';

const PLATFORMS = ['fcm', 'apns'];

export const DeviceSchema = Type.Object(
  {
    id: Type.Integer(),
    platform: Type.String({ description: 'fcm or apns' }),
    token: Type.String({ description: "The push service's token for this app installation" }),
    app_id: Nullable(Type.String({ description: "The app's id (an Android package or an iOS bundle id), as registered" })),
    locale: Nullable(Type.String({ description: 'The language tag the app runs in, as registered' })),
    created_at: Timestamp,
    updated_at: Type.String({ description: 'When the device was last registered (UTC, second precision); the least recent goes first past 20 devices' }),
  },
  { title: 'Device' },
);

/** `device_id` stays text here: a non-integer id is a 404 `Device not found`, not a 400. */
export const DeviceParams = Type.Object({ recipient_id: Type.String({ minLength: 1, examples: ['user-42'] }), device_id: Type.String({ examples: ['12'] }) });

export const AddDeviceBody = Type.Object(
  {
    platform: Type.String({ description: 'fcm (Firebase Cloud Messaging) or apns (Apple Push Notification service)', maxLength: 16, ...serviceRules({ enum: PLATFORMS }) }),
    token: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'apns: the device token, 64 hexadecimal digits; fcm: the registration token, 32 to 4,096 letters, digits, -, _ or :',
    }),
    app_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'The Android package or iOS bundle id' })),
    locale: Type.Optional(Type.String({ minLength: 2, maxLength: 35, description: 'A language tag such as en or pt-BR', ...serviceRules({ pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$' }) })),
  },
  {
    title: 'DeviceInput',
    ...serviceRules({
      allOf: [
        { if: { properties: { platform: { const: 'apns' } } }, then: { properties: { token: { pattern: '^[0-9a-fA-F]{64}$' } } } },
        { if: { properties: { platform: { const: 'fcm' } } }, then: { properties: { token: { pattern: '^[A-Za-z0-9_\\-:]{32,4096}$' } } } },
      ],
    }),
  },
);
