// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const at = '2026-03-02T09:31:00Z';
const apnsToken = '5f2c9a0d6b1e4f3a8c7d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b';

export const deviceExample = { id: 12, platform: 'apns', token: apnsToken, app_id: 'com.example.app', locale: 'en-GB', created_at: at, updated_at: at };

export const deviceExamples = {
  input: { platform: 'apns', token: apnsToken, app_id: 'com.example.app', locale: 'en-GB' },
  created: { message: 'Device registered', data: deviceExample },
  list: { data: { devices: [deviceExample] } },
  deleted: { message: 'Device deleted' },
};
