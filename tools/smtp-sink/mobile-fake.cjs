// Fakes of the two mobile push services for `npm start` and the tests, speaking their protocols:
// - FCM HTTP v1 on the sink's HTTP port: the OAuth2 token endpoint (JWT bearer grant: the
//   assertion's algorithm, issuer, scope, audience and lifetime are checked; the fake cannot know
//   the account's public key, so the signature is not) and messages:send, which takes only tokens
//   the token endpoint issued;
// - APNs over HTTP/2 with TLS (a self-signed certificate) on a port of its own: token
//   authentication with the fake's own .p8 key (the ES256 signature, key id, team id and a token
//   under an hour old are checked as Apple does), apns-topic required, device tokens of 64 hex
//   digits, payloads of at most 4 KiB.
// The sink's HTTP API serves what they received and how they should answer next:
//   POST   /fcm/token                        OAuth2 token endpoint (form: grant_type, assertion)
//   POST   /fcm/v1/projects/{p}/messages:send  one message
//   GET    /fcm, /apns                       [{to, title, body, raw, received_at}, FCM's with its project,
//                                            APNs' with its topic], newest last
//   DELETE /fcm, /apns                       forget them
//   POST   /fcm/control, /apns/control       {"fail_next": n, "status": 500|429|503, "retry_after": s}: the
//                                            next n sends answer that; {"gone": "<token>"}: that device is
//                                            gone from now on; {"slow_ms": ms}: every answer waits that long.
//                                            With "project": "<Firebase project id>" (FCM) or "topic":
//                                            "<bundle id>" (APNs), for that project's or app's requests only
//                                            (mobile-fake-behaviour.cjs); without, for the whole service.
//                                            The answer counts the requests held now (`held`) and given up
//                                            by their caller while held (`abandoned`)
//   GET    /apns/key                         {key_p8, key_id, team_id}: the signing key Apple would give you
//   GET    /apns/ca.pem                      the certificate to trust (PEM)
const crypto = require('node:crypto');
const http2 = require('node:http2');
const { createBehaviour } = require('./mobile-fake-behaviour.cjs');
const { selfSignedCertificate } = require('./self-signed.cjs');

const APNS_PAYLOAD_MAX = 4096;
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

const json = (res, status, body, headers = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const parse = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
const jwtParts = (jwt) => {
  const [h, p, s] = String(jwt).split('.');
  return { head: parse(Buffer.from(h ?? '', 'base64url').toString('utf8')), claims: parse(Buffer.from(p ?? '', 'base64url').toString('utf8')), signed: `${h}.${p}`, signature: Buffer.from(s ?? '', 'base64url') };
};

function startFcm() {
  const behaviour = createBehaviour('project');
  const tokens = new Set();

  function issueToken(req, res, body) {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(res, 400, { error: 'unsupported_grant_type' });
    const { head, claims } = jwtParts(form.get('assertion'));
    const now = Math.floor(Date.now() / 1000);
    const audience = `http://${req.headers.host}/fcm/token`;
    if (head?.alg !== 'RS256') return json(res, 400, { error: 'invalid_grant', error_description: 'the assertion must be RS256' });
    if (!claims?.iss || !String(claims.scope ?? '').split(' ').includes(FCM_SCOPE)) return json(res, 400, { error: 'invalid_scope', error_description: `iss and the scope ${FCM_SCOPE} are required` });
    if (claims.aud !== audience) return json(res, 400, { error: 'invalid_grant', error_description: `aud must be ${audience}` });
    if (!(claims.exp > now && claims.exp - claims.iat <= 3600)) return json(res, 400, { error: 'invalid_grant', error_description: 'the assertion has expired or lives longer than an hour' });
    const token = `ya29.fake-${crypto.randomBytes(12).toString('hex')}`;
    tokens.add(token);
    return json(res, 200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
  }

  function send(req, res, body, project) {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return json(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' } });
    const message = parse(body)?.message;
    if (!message?.token) return json(res, 400, { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'message.token is required' } });
    const failure = behaviour.takeFailure(project);
    if (failure) return json(res, failure.status, { error: { code: failure.status, status: failure.status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE', message: 'injected failure' } }, failure.headers);
    if (behaviour.isGone(project, message.token)) {
      const details = [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }];
      return json(res, 404, { error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.', details } });
    }
    const n = behaviour.state.received.push({ to: message.token, project, title: message.notification?.title ?? null, body: message.notification?.body ?? null, raw: message, received_at: new Date().toISOString() });
    return json(res, 200, { name: `projects/${project}/messages/${n}` });
  }

  return function handle(req, res, body) {
    const path = req.url.split('?')[0];
    if (path === '/fcm/token' && req.method === 'POST') return behaviour.later(null, res, () => issueToken(req, res, body)), true;
    const m = /^\/fcm\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
    if (m && req.method === 'POST') return behaviour.later(m[1], res, () => send(req, res, body, m[1])), true;
    if (path === '/fcm' && req.method === 'GET') return json(res, 200, behaviour.state.received), true;
    if (path === '/fcm' && req.method === 'DELETE') return (behaviour.state.received = []), json(res, 200, { ok: true }), true;
    if (path === '/fcm/control' && req.method === 'POST') return json(res, 200, behaviour.control(parse(body || '{}') ?? {})), true;
    return false;
  };
}

async function startApns({ port, host }) {
  const behaviour = createBehaviour('topic');
  const { key, cert } = selfSignedCertificate({ commonName: 'Herald local fake APNs' });
  const signing = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const keyId = crypto.randomBytes(5).toString('hex').toUpperCase();
  const teamId = crypto.randomBytes(5).toString('hex').toUpperCase();

  function providerTokenProblem(authorization) {
    const jwt = /^bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!jwt) return 'MissingProviderToken';
    const { head, claims, signed, signature } = jwtParts(jwt);
    if (head?.alg !== 'ES256' || head.kid !== keyId || claims?.iss !== teamId) return 'InvalidProviderToken';
    if (!crypto.verify('sha256', Buffer.from(signed), { key: signing.publicKey, dsaEncoding: 'ieee-p1363' }, signature)) return 'InvalidProviderToken';
    const age = Math.floor(Date.now() / 1000) - Number(claims.iat);
    return age >= 0 && age < 3600 ? null : 'ExpiredProviderToken';
  }

  function answer(req, res, body, token) {
    const reject = (status, reason, headers = {}) => json(res, status, { reason }, headers);
    const problem = providerTokenProblem(req.headers.authorization);
    if (problem) return reject(403, problem);
    if (!req.headers['apns-topic']) return reject(400, 'MissingTopic');
    if (!/^[0-9a-f]{64}$/i.test(token)) return reject(400, 'BadDeviceToken');
    if (body.length > APNS_PAYLOAD_MAX) return reject(413, 'PayloadTooLarge');
    const payload = parse(body.toString('utf8'));
    if (!payload?.aps) return reject(400, 'PayloadEmpty');
    const topic = req.headers['apns-topic'];
    const failure = behaviour.takeFailure(topic);
    if (failure) return reject(failure.status, failure.status === 429 ? 'TooManyRequests' : 'ServiceUnavailable', failure.headers);
    if (behaviour.isGone(topic, token)) return reject(410, 'Unregistered');
    const alert = payload.aps.alert ?? {};
    behaviour.state.received.push({
      to: token, title: alert.title ?? null, body: alert.body ?? null, topic, collapse_id: req.headers['apns-collapse-id'] ?? null,
      expiration: req.headers['apns-expiration'] ?? null, raw: payload, received_at: new Date().toISOString(),
    });
    res.writeHead(200, { 'apns-id': crypto.randomUUID() }).end();
  }

  const server = http2.createSecureServer({ key, cert }, (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/3\/device\/([^/?]+)$/.exec(req.url);
      if (!m || req.method !== 'POST') return json(res, 404, { reason: 'BadPath' });
      behaviour.later(req.headers['apns-topic'], res, () => answer(req, res, Buffer.concat(chunks), m[1]));
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const origin = `https://${host}:${server.address().port}`;
  const keyP8 = signing.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  function handle(req, res, body) {
    const path = req.url.split('?')[0];
    if (path === '/apns' && req.method === 'GET') return json(res, 200, behaviour.state.received), true;
    if (path === '/apns' && req.method === 'DELETE') return (behaviour.state.received = []), json(res, 200, { ok: true }), true;
    if (path === '/apns/control' && req.method === 'POST') return json(res, 200, behaviour.control(parse(body || '{}') ?? {})), true;
    if (path === '/apns/key' && req.method === 'GET') return json(res, 200, { key_p8: keyP8, key_id: keyId, team_id: teamId, origin }), true;
    if (path === '/apns/ca.pem' && req.method === 'GET') return res.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(cert), true;
    return false;
  }
  return { handle, origin, cert, close: () => new Promise((r) => server.close(r)) };
}

/** Starts the APNs fake on `port` (0: any); FCM lives on the sink's HTTP port through `handle`. */
async function startMobileFake({ port = 0, host = '127.0.0.1' } = {}) {
  const fcm = startFcm();
  const apns = await startApns({ port, host });
  return { handle: (req, res, body) => fcm(req, res, body) || apns.handle(req, res, body), apnsOrigin: apns.origin, cert: apns.cert, close: apns.close };
}

module.exports = { startMobileFake };
