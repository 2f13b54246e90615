import { CHAT_PROVIDERS, type ChatProvider } from '@herald/contracts';
import { forbiddenHost, hostAllowed, violation, type Violation } from '@herald/service-kit';

/** What a chat contact's webhook URL may be. */
export interface ChatAddressRules {
  /** Hosts of the chat services' incoming webhooks (CHAT_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** Webhook URLs on loopback, private or local hosts, and over http on those (CHAT_ALLOW_PRIVATE: development and tests, the local fakes). */
  allowPrivate: boolean;
}

/** The default CHAT_ALLOWED_HOSTS: where Slack, Microsoft Teams (and Power Automate) and Discord serve incoming webhooks. */
export const CHAT_WEBHOOK_HOSTS = 'hooks.slack.com,*.webhook.office.com,*.logic.azure.com,discord.com,discordapp.com';

/** A Slack conversation id: a channel (C), private group (G), direct message (D) or user (U, W), as `chat.postMessage` takes it. */
const SLACK_CONVERSATION = /^[CGDUW][A-Z0-9]{8,20}$/;

/** The path each service's incoming webhooks live under (Teams: the Office 365 connector or a Power Automate workflow). */
const WEBHOOK_PATH: Record<ChatProvider, RegExp> = {
  slack: /^\/services\/[^/]+\/[^/]+\/[^/]+$/,
  teams: /^\/(webhookb2\/|workflows\/|.*\/triggers\/manual\/paths\/invoke)/,
  discord: /^\/api\/webhooks\/\d+\/[^/]+$/,
};

const HOW: Record<ChatProvider, string> = {
  slack: 'a Slack conversation id (C…, G…, D…, U…) or an incoming-webhook URL https://hooks.slack.com/services/…',
  teams: 'a Microsoft Teams incoming-webhook URL (https://….webhook.office.com/webhookb2/… or a Power Automate workflow URL)',
  discord: 'a Discord webhook URL https://discord.com/api/webhooks/{id}/{token}',
};

export const isChatProvider = (value: string | undefined): value is ChatProvider => (CHAT_PROVIDERS as readonly (string | undefined)[]).includes(value);

/** Whether a chat address is a webhook URL (else a Slack conversation id sent with the project's bot token). */
export const isWebhookAddress = (address: string): boolean => /^https?:\/\//i.test(address);

/** A chat contact names one of CHAT_PROVIDERS. */
export function checkChatProvider(provider: string | undefined): Violation | null {
  return isChatProvider(provider) ? null : violation('provider', `provider must be one of ${CHAT_PROVIDERS.join(', ')} for a chat contact`, provider ?? null);
}

/**
 * Why a chat contact's address is refused, or null: a Slack conversation id (Slack only) or the
 * provider's incoming-webhook URL, https, without credentials, on an allowed host, through the
 * address guard unless `allowPrivate`. An unknown provider is `checkChatProvider`'s to refuse.
 */
export function checkChatAddress(provider: string | undefined, address: string, rules: ChatAddressRules): Violation | null {
  if (!isChatProvider(provider)) return null;
  if (provider === 'slack' && SLACK_CONVERSATION.test(address)) return null;
  const problem = webhookProblem(provider, address, rules);
  return problem ? violation('address', `address must be ${HOW[provider]}: ${problem}`, address.length > 200 ? `${address.slice(0, 200)}…` : address) : null;
}

function webhookProblem(provider: ChatProvider, address: string, rules: ChatAddressRules): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'not an absolute URL';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = forbiddenHost(host);
  // Plain http only to a local fake (CHAT_ALLOW_PRIVATE); the services themselves only over https.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local && rules.allowPrivate)) return 'the URL must be https';
  if (url.username || url.password) return 'the URL must not carry credentials';
  if (!hostAllowed(host, rules.allowedHosts)) return `${host} is not an allowed chat host (CHAT_ALLOWED_HOSTS)`;
  if (local && !rules.allowPrivate) return local;
  if (!WEBHOOK_PATH[provider].test(url.pathname)) return `the path is not a ${provider} incoming webhook`;
  return null;
}
