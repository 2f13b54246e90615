// Examples of the API page, valid against the schemas (checked by the OpenAPI spec).
const at = '2026-03-02T09:31:00Z';

const apns = {
  name: 'apns',
  configured: true,
  fingerprint: '3f9a0c2d71b84e65',
  settings: { key_id: 'ABC123DEFG', team_id: 'DEF123GHIJ', bundle_id: 'com.example.app', environment: 'production' },
  updated_at: at,
};

export const providerExamples = {
  input: {
    key_p8: '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg…\n-----END PRIVATE KEY-----\n',
    key_id: 'ABC123DEFG',
    team_id: 'DEF123GHIJ',
    bundle_id: 'com.example.app',
    environment: 'production',
  },
  saved: { message: 'Provider saved', data: apns },
  one: { data: apns },
  list: { data: { providers: [{ name: 'fcm', configured: false, fingerprint: null, settings: {}, updated_at: null }, apns, { name: 'slack', configured: false, fingerprint: null, settings: {}, updated_at: null }] } },
};
