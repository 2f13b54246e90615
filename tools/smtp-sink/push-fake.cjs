// A fake web push service for `npm start` and the tests, speaking the real protocol:
// HTTPS (a self-signed certificate), RFC 8030 requests (TTL, Urgency, Topic), VAPID (RFC 8292: the
// JWT's ES256 signature, audience and expiry are verified against the `k` key) and aes128gcm
// payloads (RFC 8291: decrypted with the subscription's private key, which only this fake holds, so
// a wrong encryption cannot pass). The sink's HTTP API serves what it received:
//   POST   /push/subscriptions   {"application_server_key"?}: a new subscription, as a browser's
//                                PushSubscription JSON ({endpoint, expirationTime, keys: {p256dh, auth}});
//                                with a key, pushes signed by another VAPID key are refused (403)
//   GET    /push                 [{endpoint, payload (decrypted JSON), ttl, urgency, topic, received_at}]
//   DELETE /push                 forget them
//   POST   /push/control         {"fail_next": n, "status": 500}: answer the next n pushes with that status
//                                (429: Retry-After 1); {"expire": "<endpoint>"}: that subscription answers
//                                410 Gone from now on. Each field changes only what it names.
//   GET    /push/ca.pem          the certificate to trust (PEM)
const crypto = require('node:crypto');
const https = require('node:https');
const ece = require('http_ece');
const { selfSignedCertificate } = require('./self-signed.cjs');

function verifyVapid(header, audience) {
  const m = /^vapid\s+t=([^,\s]+)\s*,\s*k=([A-Za-z0-9_-]+)\s*$/i.exec(header ?? '');
  if (!m) return { error: 'Authorization must be "vapid t=<jwt>, k=<key>"' };
  const [, jwt, k] = m;
  const [h, p, s] = jwt.split('.');
  let head;
  let claims;
  try {
    head = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return { error: 'the VAPID JWT is not valid JSON' };
  }
  if (head.alg !== 'ES256') return { error: 'the VAPID JWT must be ES256' };
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { error: 'k must be an uncompressed P-256 key' };
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s ?? '', 'base64url'));
  if (!ok) return { error: 'the VAPID signature does not verify with k' };
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) return { error: `the VAPID audience must be ${audience}` };
  if (!Number.isInteger(claims.exp) || claims.exp <= now || claims.exp > now + 24 * 3600) return { error: 'the VAPID JWT has expired or lives longer than 24 h' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return { error: 'the VAPID sub must be a mailto: or https: URL' };
  return { key: k };
}

/** Starts the HTTPS push endpoint on `port` (0: any) and returns the API handler for the sink. */
async function startPushFake({ port = 0, host = '127.0.0.1' } = {}) {
  const { key, cert } = selfSignedCertificate();
  const subscriptions = new Map();
  let received = [];
  let failNext = { count: 0, status: 500 };
  let origin = '';

  const json = (res, status, body, headers = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url);
      if (!m || req.method !== 'POST') return json(res, 404, { error: 'not found' });
      const sub = subscriptions.get(m[1]);
      if (failNext.count > 0) {
        failNext.count -= 1;
        return json(res, failNext.status, { error: `failing on request (${failNext.status})` }, failNext.status === 429 ? { 'retry-after': '1' } : {});
      }
      if (!sub) return json(res, 404, { error: 'no such subscription' });
      if (sub.expired) return json(res, 410, { error: 'push subscription has unsubscribed or expired' });
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return json(res, 400, { error: 'TTL header required' });
      const vapid = verifyVapid(req.headers.authorization, origin);
      if (vapid.error) return json(res, 401, { error: vapid.error });
      if (sub.applicationServerKey && sub.applicationServerKey !== vapid.key) return json(res, 403, { error: 'VAPID key does not match the subscription' });
      if (req.headers['content-encoding'] !== 'aes128gcm') return json(res, 415, { error: 'Content-Encoding must be aes128gcm' });
      let payload;
      try {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth });
        const text = plain.toString('utf8');
        try {
          payload = JSON.parse(text);
        } catch {
          payload = text;
        }
      } catch (err) {
        return json(res, 400, { error: `cannot decrypt the payload: ${err.message}` });
      }
      const n = received.length + 1;
      received.push({ endpoint: `${origin}${req.url}`, payload, ttl, urgency: req.headers.urgency ?? 'normal', topic: req.headers.topic ?? null, received_at: new Date().toISOString() });
      res.writeHead(201, { location: `${origin}/push/messages/${n}` }).end();
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  origin = `https://${host}:${server.address().port}`;

  function handle(req, res, body) {
    const path = req.url.split('?')[0];
    if (path === '/push/subscriptions' && req.method === 'POST') {
      let asked = {};
      try {
        asked = JSON.parse(body || '{}');
      } catch {
        return json(res, 400, { error: 'invalid json' }), true;
      }
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomBytes(12).toString('base64url');
      subscriptions.set(id, { ecdh, auth, applicationServerKey: asked.application_server_key ?? null, expired: false });
      return json(res, 201, { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }), true;
    }
    if (path === '/push' && req.method === 'GET') return json(res, 200, received), true;
    if (path === '/push' && req.method === 'DELETE') return (received = []), json(res, 200, { ok: true }), true;
    if (path === '/push/ca.pem' && req.method === 'GET') return res.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(cert), true;
    if (path === '/push/control' && req.method === 'POST') {
      let control;
      try {
        control = JSON.parse(body || '{}');
      } catch {
        return json(res, 400, { error: 'invalid json' }), true;
      }
      if ('fail_next' in control) failNext = { count: Number(control.fail_next) || 0, status: Number(control.status ?? 500) };
      if (control.expire) {
        const id = String(control.expire).split('/').pop();
        const sub = subscriptions.get(id);
        if (!sub) return json(res, 404, { error: 'no such subscription' }), true;
        sub.expired = true;
      }
      return json(res, 200, { fail_next: failNext }), true;
    }
    return false;
  }

  return { handle, origin, cert, close: () => new Promise((r) => server.close(r)) };
}

module.exports = { startPushFake };
