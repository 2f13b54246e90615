// A fake of the chat services, for `npm start` and the tests: the Slack Web API's chat.postMessage
// and the incoming webhooks of Slack, Microsoft Teams and Discord, on the sink's HTTP port, each
// answering as the real service does.
//   POST   /api/chat.postMessage            Slack Web API: Bearer xoxb-… token (else {ok: false, error: "not_authed"}),
//                                           JSON {channel, text, blocks}; a channel not like C…/G…/D…/U…/W… or
//                                           listed as gone → {ok: false, error: "channel_not_found"}; else {ok: true, ts}
//   POST   /services/{T}/{B}/{X}            Slack incoming webhook: 200 "ok"
//   POST   /webhookb2/…, /workflows/…       Teams incoming webhook (Adaptive Card in a message): 200 "1"
//   POST   /api/webhooks/{id}/{token}       Discord webhook (embeds): 204
//   GET    /chat                            [{provider, to, text, url, authorization, received_at, raw}] oldest first; `to` is
//                                           the Slack channel, or the webhook URL as posted (http://{host}{path});
//                                           `authorization` the request's Authorization header (null: none)
//   DELETE /chat                            forget them
//   GET    /chat/requests                   {"count": n, "by_to": {to: n}}: requests answered so far (failures included)
//   POST   /chat/control                    {"fail_next": n, "status": 429|500|…, "retry_after": s, "to": "…"}: answer
//                                           the next n requests (to that `to`; any when omitted) with that status
//                                           (429 with Retry-After, default 1 s); {"slow": {"to": "…", "ms": n}}: answer
//                                           that `to` only n ms later (0: at once); {"gone": "…"}: that channel or
//                                           webhook is deleted (Slack channel_not_found, webhooks 404).
//                                           Each field changes only what it names.
const crypto = require('node:crypto');

const SLACK_CONVERSATION = /^[CGDUW][A-Z0-9]{8,20}$/;

function createChatFake() {
  let messages = [];
  let requests = 0;
  const byTo = {};
  let failNext = { count: 0, status: 500, retryAfter: 1, to: null };
  const slow = new Map();
  const gone = new Set();

  const json = (res, status, body, headers = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const unescapeSlack = (t) => String(t ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

  /** What a request to each kind of endpoint was: the provider, its text and link as the receiver would show them. */
  function readMessage(provider, raw) {
    if (provider === 'slack') {
      const button = (raw.blocks ?? []).find((b) => b.type === 'actions')?.elements?.[0];
      return { text: unescapeSlack(raw.text), url: button?.url ?? null };
    }
    if (provider === 'teams') {
      const card = raw.attachments?.[0]?.content ?? {};
      return { text: card.body?.[0]?.text ?? null, url: card.actions?.[0]?.url ?? null };
    }
    const embed = raw.embeds?.[0] ?? {};
    return { text: embed.description ?? raw.content ?? null, url: embed.url ?? null };
  }

  function failure(to) {
    if (failNext.count === 0 || (failNext.to && failNext.to !== to)) return null;
    failNext.count -= 1;
    return { status: failNext.status, headers: failNext.status === 429 ? { 'retry-after': String(failNext.retryAfter) } : {} };
  }

  function receive(req, res, body, route) {
    const to = route.api ? null : `http://${req.headers.host}${req.url.split('?')[0]}`;
    let raw;
    try {
      raw = JSON.parse(body || '{}');
    } catch {
      return route.api ? json(res, 200, { ok: false, error: 'invalid_json' }) : res.writeHead(400).end('invalid_payload');
    }
    const target = route.api ? String(raw.channel ?? '') : to;
    requests += 1;
    byTo[target] = (byTo[target] ?? 0) + 1;
    const answer = () => {
      const failed = failure(target);
      if (failed) return json(res, failed.status, route.api ? { ok: false, error: failed.status === 429 ? 'ratelimited' : 'internal_error' } : { message: 'fake failure' }, failed.headers);
      if (route.api) {
        if (!/^Bearer xox[bp]-.+/.test(req.headers.authorization ?? '')) return json(res, 200, { ok: false, error: 'not_authed' });
        if (!SLACK_CONVERSATION.test(target) || gone.has(target)) return json(res, 200, { ok: false, error: 'channel_not_found' });
      } else if (gone.has(target)) {
        return route.provider === 'slack' ? res.writeHead(404).end('no_service') : json(res, 404, { message: 'Unknown Webhook', code: 10015 });
      }
      const ts = `${Math.floor(Date.now() / 1000)}.${crypto.randomInt(100000, 999999)}`;
      messages.push({ provider: route.provider, to: target, ...readMessage(route.provider, raw), authorization: req.headers.authorization ?? null, received_at: new Date().toISOString(), raw });
      if (route.api) return json(res, 200, { ok: true, channel: target, ts });
      if (route.provider === 'discord') return res.writeHead(204).end();
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(route.provider === 'teams' ? '1' : 'ok');
    };
    const delay = slow.get(target) ?? 0;
    if (delay > 0) setTimeout(answer, delay);
    else answer();
  }

  function routeOf(method, path) {
    if (method !== 'POST') return null;
    if (path === '/api/chat.postMessage') return { provider: 'slack', api: true };
    if (/^\/services\/[^/]+\/[^/]+\/[^/]+$/.test(path)) return { provider: 'slack' };
    if (/^\/(webhookb2|workflows)\//.test(path)) return { provider: 'teams' };
    if (/^\/api\/webhooks\/\d+\/[^/]+$/.test(path)) return { provider: 'discord' };
    return null;
  }

  /** Handles the request when it is one of the fake's; returns false otherwise. */
  return function handle(req, res, body) {
    const path = req.url.split('?')[0];
    const route = routeOf(req.method, path);
    if (route) return receive(req, res, body, route), true;
    if (path === '/chat' && req.method === 'GET') return json(res, 200, messages), true;
    if (path === '/chat' && req.method === 'DELETE') return (messages = []), json(res, 200, { ok: true }), true;
    if (path === '/chat/requests' && req.method === 'GET') return json(res, 200, { count: requests, by_to: byTo }), true;
    if (path === '/chat/control' && req.method === 'POST') {
      let control;
      try {
        control = JSON.parse(body || '{}');
      } catch {
        return json(res, 400, { error: 'invalid json' }), true;
      }
      if ('fail_next' in control) failNext = { count: Number(control.fail_next) || 0, status: Number(control.status ?? 500), retryAfter: Number(control.retry_after ?? 1), to: control.to ?? null };
      if (control.slow) slow.set(String(control.slow.to), Number(control.slow.ms) || 0);
      if (control.gone) gone.add(String(control.gone));
      return json(res, 200, { fail_next: failNext, slow: Object.fromEntries(slow), gone: [...gone] }), true;
    }
    return false;
  };
}

module.exports = { createChatFake };
