import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { ChatProvider } from '@herald/contracts';
import { ForbiddenAddressError, forbiddenHost, guardedLookup, hostAllowed, isForbiddenAddress, type Clock } from '@herald/service-kit';
import { DeliveryFailure } from '../../kernel/outbound';
import type { Provider } from '../provider';
import { boundedRequest, BoundedRequestError } from '../push/bounded-request';
import { httpAnswerFailure, slackApiResult } from './chat-answer';
import type { KeyPacer } from './key-pacer';
import { renderChat, type ChatContent } from './render-chat';
import type { SlackTokenSource } from './slack-token-source';

/** One chat message: a contact (its provider and address: a Slack conversation id or a webhook URL) and the send's chat block. */
export interface OutgoingChat {
  provider: ChatProvider;
  address: string;
  content: ChatContent;
  projectId?: number;
}

export interface ChatSenderOptions {
  /** The Slack Web API's base URL (https://slack.com/api; the local fake's in development). */
  slackApiUrl: string;
  slackTokens: SlackTokenSource;
  /** Overall deadline of one request: connecting, the answer's headers and its body. */
  timeoutMs: number;
  /** Hosts webhook URLs may be on (CHAT_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** Webhook URLs on loopback, private and reserved addresses, and over http (development and tests only). */
  allowPrivate: boolean;
  /** One message at a time per channel or webhook, about one a second (Slack's pace for a channel). */
  pacer: KeyPacer;
  clock: Clock;
}

const isWebhook = (address: string) => /^https?:\/\//i.test(address);

/**
 * Chat messages to Slack, Microsoft Teams and Discord: a Slack conversation id through the Web API's
 * `chat.postMessage` with the project's bot token, or an incoming-webhook URL with the provider's
 * rendering (Block Kit, Adaptive Card, embed). Webhook URLs only on `allowedHosts` and public
 * addresses (the shared address guard, as for webhooks and web push) unless `allowPrivate`. Every
 * request has a deadline and reads at most 64 KiB of the answer. Each channel (or webhook) is paced:
 * a message ahead of its channel's slot is `busy`, tried again when the slot comes, so one busy
 * channel holds no other.
 */
export function createChatSender(opts: ChatSenderOptions): Provider<OutgoingChat> {
  const guarded = new https.Agent({ keepAlive: true, maxSockets: 64, ...(opts.allowPrivate ? {} : { lookup: guardedLookup }) });
  const plain = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const agentFor = (url: string) => (url.startsWith('http:') ? plain : guarded);

  const post = async (url: string, who: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    try {
      const payload = Buffer.from(JSON.stringify(body));
      const res = await boundedRequest(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length, ...headers },
        body: payload,
        agent: agentFor(url),
        deadlineMs: opts.timeoutMs,
        who,
      });
      if (res.status < 200 || res.status > 299) throw httpAnswerFailure(who, res, opts.clock.now());
      return res;
    } catch (err) {
      throw classify(err, who);
    }
  };

  const checkWebhook = (address: string) => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new DeliveryFailure('address_rejected', 'the chat webhook URL is not valid');
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol !== 'https:' && !(opts.allowPrivate && url.protocol === 'http:' && forbiddenHost(host))) throw new DeliveryFailure('rejected', 'chat webhook URLs must be https');
    if (!hostAllowed(host, opts.allowedHosts)) throw new DeliveryFailure('rejected', `chat webhook host ${host} is not allowed (CHAT_ALLOWED_HOSTS)`);
    if (!opts.allowPrivate && isIP(host) && isForbiddenAddress(host)) throw new DeliveryFailure('rejected', new ForbiddenAddressError(host, 'CHAT_ALLOW_PRIVATE=1').message);
  };

  return {
    name: 'chat',
    async send(msg) {
      const webhook = isWebhook(msg.address);
      if (webhook) checkWebhook(msg.address);
      const token = webhook ? null : await opts.slackTokens.tokenFor(msg.projectId);
      if (!webhook && !token) throw new DeliveryFailure('rejected', 'no Slack bot token is configured (PUT /providers/slack or SLACK_BOT_TOKEN): a Slack channel contact cannot be sent to');
      // A webhook URL is its own channel; a Slack channel id is one within its project's workspace.
      const wait = opts.pacer.reserve(webhook ? msg.address : `${msg.projectId ?? ''}:${msg.address}`);
      if (wait > 0) throw new DeliveryFailure('busy', 'the channel had a message within the last second', wait);
      const body = renderChat[msg.provider](msg.content);
      if (webhook) {
        await post(msg.address, `${msg.provider} webhook`, body);
        return { messageId: null };
      }
      const res = await post(`${opts.slackApiUrl.replace(/\/$/, '')}/chat.postMessage`, 'Slack', { channel: msg.address, ...body }, { authorization: `Bearer ${token}` });
      return slackApiResult(res);
    },
    close() {
      guarded.destroy();
      plain.destroy();
    },
  };
}

/** An error of the request as a DeliveryFailure: an oversized answer refused for good, a missed deadline or a network error transient. Never carries the token. */
function classify(err: unknown, who: string): DeliveryFailure {
  if (err instanceof DeliveryFailure) return err;
  if (err instanceof ForbiddenAddressError) return new DeliveryFailure('rejected', err.message);
  if (err instanceof BoundedRequestError) return new DeliveryFailure(err.reason === 'too_large' ? 'rejected' : 'transient', err.message);
  const e = err as { code?: string; message?: string };
  return new DeliveryFailure('transient', `${who}: ${e.code ?? e.message ?? 'request failed'}`.slice(0, 300));
}
