// A fake SMS provider speaking the Twilio-compatible Messages API, for `npm start` and the tests:
// the real protocol, so Herald's adapter is exercised as against a real provider.
//   POST   /2010-04-01/Accounts/{sid}/Messages.json   form To, From|MessagingServiceSid, Body, StatusCallback;
//          basic auth {sid}:{any token}; 201 {sid, status: "queued", ...}; errors as Twilio: {code, message, status}.
//          Numbers: not E.164 or +15005550001 → 400 code 21211; +15005550009 → 400 code 21614 (not mobile).
//          With StatusCallback: posts `sent`, then `delivered` (or `undelivered`, ErrorCode 30003, for
//          numbers marked undeliverable) to it, as forms with Twilio's field names.
//   GET    /sms               [{to, from, text, received_at, sid, account, status, callbacks}] oldest first
//   DELETE /sms               forget them
//   GET    /sms/requests      {"count": n, "by_account": {"AC…": n}}: Messages API requests answered so far (failures included)
//   POST   /sms/control       {"fail_next": n, "status": 503, "account": "AC…"}: answer the next n requests
//                             (of that account; any when omitted) with that status (429: Retry-After 1);
//                             {"undeliverable": "+1…"} / {"deliverable": "+1…"}: the callbacks say so;
//                             {"early_callbacks": true}: the callbacks are made (and answered) before the
//                             API answers the request (a provider faster than Herald's own write).
//                             Each field changes only what it names.
const crypto = require('node:crypto');

const E164 = /^\+[1-9]\d{7,14}$/;
const MAGIC = { '+15005550001': [21211, 'is not a valid phone number'], '+15005550009': [21614, 'is not a mobile number'] };

function createSmsFake() {
  let messages = [];
  let requests = 0;
  const byAccount = {};
  let failNext = { count: 0, status: 503, account: null };
  const undeliverable = new Set();
  let earlyCallbacks = false;

  const json = (res, status, body, headers = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const twilioError = (res, status, code, message, headers) => json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);

  async function callback(msg, form) {
    try {
      const res = await fetch(msg.status_callback, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
      msg.callbacks.push({ status: form.MessageStatus, answered: res.status });
    } catch (err) {
      msg.callbacks.push({ status: form.MessageStatus, answered: null, error: err.message });
    }
  }

  async function send(req, res, body, sid) {
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [user, token] = auth ? Buffer.from(auth[1], 'base64').toString('utf8').split(':') : [];
    if (!user || !token || user !== sid) return twilioError(res, 401, 20003, 'Authenticate');
    if (failNext.count > 0 && (!failNext.account || failNext.account === sid)) {
      failNext.count -= 1;
      const status = failNext.status;
      return twilioError(res, status, status === 429 ? 20429 : status >= 500 ? 20500 : 21000, status === 429 ? 'Too Many Requests' : status >= 500 ? 'Internal Server Error' : 'Bad Request', status === 429 ? { 'retry-after': '1' } : {});
    }
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
    const text = form.get('Body') ?? '';
    if (!from) return twilioError(res, 400, 21603, "A 'From' phone number is required.");
    if (!text) return twilioError(res, 400, 21602, 'Message body is required.');
    if (!E164.test(to)) return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (MAGIC[to]) return twilioError(res, 400, MAGIC[to][0], `The 'To' number ${to} ${MAGIC[to][1]}.`);
    const msg = {
      sid: `SM${crypto.randomBytes(16).toString('hex')}`,
      account: sid,
      to,
      from,
      text,
      status: 'queued',
      status_callback: form.get('StatusCallback') || null,
      callbacks: [],
      received_at: new Date().toISOString(),
    };
    messages.push(msg);
    const callbacks = async () => {
      const base = { MessageSid: msg.sid, AccountSid: sid, To: to, From: from };
      msg.status = 'sent';
      await callback(msg, { ...base, MessageStatus: 'sent' });
      const ok = !undeliverable.has(to);
      msg.status = ok ? 'delivered' : 'undelivered';
      await callback(msg, { ...base, MessageStatus: msg.status, ...(ok ? {} : { ErrorCode: '30003' }) });
    };
    if (msg.status_callback && earlyCallbacks) await callbacks();
    json(res, 201, { sid: msg.sid, account_sid: sid, to, from, body: text, status: 'queued', num_segments: String(Math.ceil(text.length / 153) || 1), date_created: new Date().toUTCString() });
    if (msg.status_callback && !earlyCallbacks) setTimeout(callbacks, 20);
  }

  /** Handles the request when it is one of the fake's; returns false otherwise. */
  return function handle(req, res, body) {
    const path = req.url.split('?')[0];
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (m && req.method === 'POST') {
      const account = decodeURIComponent(m[1]);
      requests += 1;
      byAccount[account] = (byAccount[account] ?? 0) + 1;
      return void send(req, res, body, account), true;
    }
    if (path === '/sms/requests' && req.method === 'GET') return json(res, 200, { count: requests, by_account: byAccount }), true;
    if (path === '/sms' && req.method === 'GET') return json(res, 200, messages), true;
    if (path === '/sms' && req.method === 'DELETE') return (messages = []), json(res, 200, { ok: true }), true;
    if (path === '/sms/control' && req.method === 'POST') {
      let control;
      try {
        control = JSON.parse(body || '{}');
      } catch {
        return json(res, 400, { error: 'invalid json' }), true;
      }
      if ('fail_next' in control) failNext = { count: Number(control.fail_next) || 0, status: Number(control.status ?? 503), account: control.account ?? null };
      if (control.undeliverable) undeliverable.add(String(control.undeliverable));
      if (control.deliverable) undeliverable.delete(String(control.deliverable));
      if ('early_callbacks' in control) earlyCallbacks = Boolean(control.early_callbacks);
      return json(res, 200, { fail_next: failNext, undeliverable: [...undeliverable] }), true;
    }
    return false;
  };
}

module.exports = { createSmsFake };
