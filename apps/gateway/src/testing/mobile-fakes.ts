import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { call, type JsonBody, type TestProject } from './rest-client';

/** The sink's FCM and APNs fakes, as the mobile push e2e specs use them. */

const sinkApi = () => {
  const url = process.env.MAIL_API_URL;
  if (!url) throw new Error('MAIL_API_URL is not set: the e2e stack runs the sink');
  return url;
};

/** A request to the sink's HTTP API (what a fake received, its failure switches). */
export const sink = async (method: string, path: string, body?: unknown): Promise<JsonBody> => {
  const res = await fetch(`${sinkApi()}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`sink ${method} ${path} answered ${res.status}`);
  return res.json();
};

/** What the fake of `service` received for a device token, oldest first. */
export const received = async (service: 'fcm' | 'apns', token: string): Promise<JsonBody[]> => ((await sink('GET', `/${service}`)) as JsonBody[]).filter((m) => m.to === token);

/** A fresh device token in each provider's shape. */
export const tokenOf = { fcm: () => `${randomBytes(8).toString('hex')}:APA91b${randomBytes(48).toString('base64url')}`, apns: () => randomBytes(32).toString('hex') };
export type Platform = keyof typeof tokenOf;

/**
 * Sets the project's fcm and apns providers to the sink's fakes (FCM as the Firebase project
 * `firebaseProjectId`, APNs for the app `bundleId`, its `apns-topic`: the fakes' controls can be scoped to either).
 */
export async function configureMobileProviders(project: TestProject, { firebaseProjectId = 'herald-e2e', bundleId = 'com.example.app' } = {}): Promise<void> {
  const apns = await sink('GET', '/apns/key');
  const put = (name: string, body: unknown) => call('PUT', `/providers/${name}`, { key: project.fullKey, body });
  expect((await put('apns', { key_p8: apns.key_p8, key_id: apns.key_id, team_id: apns.team_id, bundle_id: bundleId, environment: 'sandbox' })).status).toBe(200);
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const serviceAccount = { type: 'service_account', project_id: firebaseProjectId, client_email: `push@${firebaseProjectId}.iam.gserviceaccount.com`, private_key: privateKey, token_uri: `${sinkApi()}/fcm/token` };
  expect((await put('fcm', { service_account: serviceAccount })).status).toBe(200);
}
