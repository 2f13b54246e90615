// Development and test sink of every outbound medium: an SMTP server that accepts every mail on
// loopback (kept in memory and as JSON lines under MAIL_DIR), a fake SMS provider (sms-fake.cjs:
// Twilio-compatible API on this HTTP port), fakes of the chat services (chat-fake.cjs: Slack's
// chat.postMessage and the Slack, Teams and Discord incoming webhooks, on this HTTP port) and a fake web push service (push-fake.cjs: HTTPS on
// PUSH_PORT, its certificate written to PUSH_CA_FILE), all served over HTTP so tests and people can
// read what arrived:
//   GET    /messages            all messages, oldest first ({id, from, to, subject, html, text, date, message_id})
//   DELETE /messages            forget them
//   GET    /messages/{id}/raw   the message as received (RFC 5322 text), for the last 1,000 messages
//   POST   /control             {"reject_next": n, "code": 451}: answer the next n mails with this failure
//                                (default 451, temporary; a 5xx code is a permanent refusal)
//                                {"refuse": {"address": "a@b.c", "code": 550, "message": "5.1.1 no such user"}}:
//                                answer RCPT TO for that address with this reply from now on (code 4xx:
//                                temporary, 5xx: permanent); code 0 accepts the address again.
//                                {"answer_after_ms": n}: keep each mail (it counts as received), then
//                                answer its DATA only n ms later (a slow relay; 0: at once).
//                                Each field changes only what it names.
//   GET    /count               {"received": n}: mails accepted so far
//   GET    /sms, DELETE /sms, POST /sms/control, POST /2010-04-01/Accounts/{sid}/Messages.json (sms-fake.cjs)
//   GET    /chat, DELETE /chat, POST /chat/control, POST /api/chat.postMessage, the webhooks (chat-fake.cjs)
//   GET    /push, DELETE /push, POST /push/control, POST /push/subscriptions, GET /push/ca.pem (push-fake.cjs)
//   FCM's token and send endpoints under /fcm, GET /fcm, GET /apns, their controls, GET /apns/key,
//   GET /apns/ca.pem (mobile-fake.cjs: APNs itself is HTTP/2 over TLS on APNS_PORT)
//   GET    /healthz
// SINK_MODE=count (benchmarks): mails are accepted and counted, not parsed nor kept, so the sink
// is not what limits a throughput measurement.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');
const { simpleParser } = require('mailparser');
const { createSmsFake } = require('./sms-fake.cjs');
const { createChatFake } = require('./chat-fake.cjs');
const { startPushFake } = require('./push-fake.cjs');
const { startMobileFake } = require('./mobile-fake.cjs');

const smtpPort = Number(process.env.SMTP_PORT ?? 1025);
const httpPort = Number(process.env.HTTP_PORT ?? 8025);
const host = process.env.HOST ?? '127.0.0.1';
const mailDir = process.env.MAIL_DIR;
const pushPort = Number(process.env.PUSH_PORT ?? 0);
const pushCaFile = process.env.PUSH_CA_FILE;
const apnsCaFile = process.env.APNS_CA_FILE;
const apnsPort = Number(process.env.APNS_PORT ?? 0);
const sms = createSmsFake();
const chat = createChatFake();

let messages = [];
let rejectNext = 0;
let received = 0;
const countOnly = process.env.SINK_MODE === 'count';
let rejectCode = 451;
let answerAfterMs = 0;
/** address (lowercased) -> {code, message}: RCPT TO refusals (POST /control {"refuse": …}). */
const refused = new Map();
/** id -> raw message text, the newest RAW_KEEP only (DKIM checks need the exact bytes). */
const raws = new Map();
const RAW_KEEP = 1000;
let nextId = 1;
if (mailDir) {
  fs.mkdirSync(mailDir, { recursive: true });
  const file = path.join(mailDir, 'messages.jsonl');
  if (fs.existsSync(file)) {
    messages = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    nextId = messages.reduce((m, x) => Math.max(m, x.id), 0) + 1;
  }
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, session, callback) {
    const r = refused.get(address.address.toLowerCase());
    if (!r) return callback();
    const err = new Error(r.message);
    err.responseCode = r.code;
    callback(err);
  },
  onData(stream, session, callback) {
    if (rejectNext > 0) {
      rejectNext -= 1;
      stream.resume();
      const err = new Error('sink is refusing mail for now');
      err.responseCode = rejectCode;
      stream.on('end', () => callback(err));
      return;
    }
    if (countOnly) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
      return;
    }
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    new Promise((resolve, reject) => {
      stream.on('end', resolve);
      stream.on('error', reject);
    })
      .then(() => simpleParser(Buffer.concat(chunks)).then((mail) => ({ mail, raw: Buffer.concat(chunks).toString('binary') })))
      .then(({ mail, raw }) => {
        received += 1;
        const msg = {
          id: nextId++,
          message_id: mail.messageId ?? null,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          html: typeof mail.html === 'string' ? mail.html : null,
          text: mail.text ?? null,
          headers: Object.fromEntries([...mail.headers].map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
          date: new Date().toISOString(),
        };
        messages.push(msg);
        raws.set(msg.id, raw);
        if (raws.size > RAW_KEEP) raws.delete(raws.keys().next().value);
        if (mailDir) fs.appendFileSync(path.join(mailDir, 'messages.jsonl'), JSON.stringify(msg) + '\n');
        if (answerAfterMs > 0) setTimeout(callback, answerAfterMs);
        else callback();
      })
      .catch(callback);
  },
});

let push = null;
let mobile = null;

const api = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (sms(req, res, body)) return;
    if (chat(req, res, body)) return;
    if (push && push.handle(req, res, body)) return;
    if (mobile && mobile.handle(req, res, body)) return;
    mail(req, res, body);
  });
});

function mail(req, res, body) {
  const send = (status, b) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(b));
  if (req.url === '/healthz') return send(200, { ok: true });
  if (req.url === '/count' && req.method === 'GET') return send(200, { received });
  const rawMatch = /^\/messages\/(\d+)\/raw$/.exec(req.url);
  if (rawMatch && req.method === 'GET') {
    const raw = raws.get(Number(rawMatch[1]));
    if (raw === undefined) return send(404, { error: 'not found' });
    return res.writeHead(200, { 'content-type': 'message/rfc822' }).end(Buffer.from(raw, 'binary'));
  }
  if (req.url.startsWith('/messages') && req.method === 'GET') return send(200, messages);
  if (req.url === '/messages' && req.method === 'DELETE') {
    messages = [];
    if (mailDir) fs.writeFileSync(path.join(mailDir, 'messages.jsonl'), '');
    return send(200, { ok: true });
  }
  if (req.url === '/control' && req.method === 'POST') {
    try {
      const control = JSON.parse(body);
      if ('reject_next' in control) {
        rejectNext = Number(control.reject_next ?? 0);
        rejectCode = Number(control.code ?? 451);
      }
      if ('answer_after_ms' in control) answerAfterMs = Math.max(0, Number(control.answer_after_ms) || 0);
      if (control.refuse) {
        const address = String(control.refuse.address ?? '').toLowerCase();
        const code = Number(control.refuse.code ?? 550);
        if (!address) return send(400, { error: 'refuse.address is required' });
        if (code === 0) refused.delete(address);
        else if (code >= 400 && code < 600) refused.set(address, { code, message: String(control.refuse.message ?? (code >= 500 ? '5.1.1 no such mailbox' : '4.2.1 mailbox busy, try later')) });
        else return send(400, { error: 'refuse.code must be 0 or 400-599' });
      }
      send(200, { reject_next: rejectNext, code: rejectCode, answer_after_ms: answerAfterMs, refused: Object.fromEntries(refused) });
    } catch {
      send(400, { error: 'invalid json' });
    }
    return;
  }
  send(404, { error: 'not found' });
}

Promise.all([startPushFake({ port: pushPort, host }), startMobileFake({ port: apnsPort, host })]).then(([started, mobileStarted]) => {
  push = started;
  mobile = mobileStarted;
  if (pushCaFile) fs.writeFileSync(pushCaFile, started.cert);
  if (apnsCaFile) fs.writeFileSync(apnsCaFile, mobileStarted.cert);
  smtp.listen(smtpPort, host, () => {
    api.listen(httpPort, host, () => {
      console.log(JSON.stringify({ msg: 'sink listening', smtp: `smtp://${host}:${smtpPort}`, http: `http://${host}:${httpPort}`, push: started.origin, apns: mobileStarted.apnsOrigin }));
    });
  });
});
const stop = () => smtp.close(() => api.close(() => Promise.all([push?.close(), mobile?.close()]).then(() => process.exit(0))));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
