// `npm start`: points the dev project's FCM and APNs providers at the sink's fakes, so the project
// holds working credentials out of the box. The fake APNs makes a new signing key at each start, as
// Apple would hand you one, so the providers are written again at each start.
import crypto from 'node:crypto';

async function put(baseUrl, fullKey, name, body) {
  const res = await fetch(`${baseUrl}/providers/${name}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${fullKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`PUT /providers/${name} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/** Configures `fcm` and `apns` of the project with the fakes of the sink at `sinkUrl`. */
export async function configureDevMobileProviders(baseUrl, fullKey, sinkUrl) {
  const apns = await (await fetch(`${sinkUrl}/apns/key`)).json();
  await put(baseUrl, fullKey, 'apns', { key_p8: apns.key_p8, key_id: apns.key_id, team_id: apns.team_id, bundle_id: 'dev.herald.app', environment: 'sandbox' });
  const privateKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await put(baseUrl, fullKey, 'fcm', {
    service_account: { type: 'service_account', project_id: 'herald-dev', client_email: 'push@herald-dev.iam.gserviceaccount.com', private_key: privateKey, token_uri: `${sinkUrl}/fcm/token` },
  });
}
