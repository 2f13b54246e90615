import fs from 'node:fs';
import { hostList, type Clock, type Logger } from '@herald/service-kit';
import type { Config } from '../config';
import { DeliveryFailure, type OutboundMedium } from '../kernel/outbound';
import type { DkimSettings, OutgoingEmail } from './email/mailer';
import { createSmtpProvider } from './email/smtp-provider';
import type { PushSender } from './push/push-sender';
import { createWebPushSender } from './push/web-push-sender';
import type { SmsProvider } from './sms/sms-provider';
import { createTwilioCompatibleProvider } from './sms/twilio-compatible';
import type { DeliveryMetrics } from '../platform';
import type { OutboundSenders } from './outbound-senders';
import { createFailover } from './failover';
import { createChatSender } from './chat/chat-sender';
import { createKeyPacer } from './chat/key-pacer';
import { serverSlackToken, type SlackTokenSource } from './chat/slack-token-source';
import type { Provider } from './provider';

/** A medium nobody configured: every message fails `provider_error` at once, saying which settings are missing. */
const notConfigured = <M>(medium: OutboundMedium, settings: string): Provider<M> => ({
  name: 'none',
  send: async () => {
    throw new DeliveryFailure('rejected', `${medium} is not configured on this server (${settings})`);
  },
});

/** Configuration problems of the providers, found at start (each a sentence); empty when fine. */
export function providerConfigProblems(config: Config): string[] {
  const out: string[] = [];
  const sms = (prefix: 'SMS' | 'SMS_SECONDARY', url: string, sid: string, token: string, from: string) => {
    if (url && (!sid || !token || !from)) out.push(`${prefix}_URL is set: ${prefix}_ACCOUNT_SID, ${prefix}_AUTH_TOKEN and ${prefix === 'SMS' ? 'SMS_FROM' : 'SMS_FROM or SMS_SECONDARY_FROM'} are required`);
  };
  sms('SMS', config.SMS_URL, config.SMS_ACCOUNT_SID, config.SMS_AUTH_TOKEN, config.SMS_FROM);
  sms('SMS_SECONDARY', config.SMS_SECONDARY_URL, config.SMS_SECONDARY_ACCOUNT_SID, config.SMS_SECONDARY_AUTH_TOKEN, config.SMS_SECONDARY_FROM || config.SMS_FROM);
  if (config.SMS_SECONDARY_URL && !config.SMS_URL) out.push('SMS_SECONDARY_URL is set without SMS_URL');
  if (config.SMS_SECONDARY_URL && config.SMS_SECONDARY_NAME === config.SMS_NAME) out.push('SMS_NAME and SMS_SECONDARY_NAME must differ');
  if (config.SMTP_SECONDARY_URL && config.SMTP_SECONDARY_NAME === config.SMTP_NAME) out.push('SMTP_NAME and SMTP_SECONDARY_NAME must differ');
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) out.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither: web push off)');
  return out;
}

/**
 * The outbound senders of the service: for each medium its configured providers, primary and
 * optional secondary, behind failover (outbound/failover.ts). Email: SMTP_URL and
 * SMTP_SECONDARY_URL; SMS: SMS_URL and SMS_SECONDARY_URL (Twilio-compatible APIs); web push: the
 * VAPID sender (the subscription's endpoint names the push service, so there is no second one).
 */
export function createOutboundSenders(
  config: Config,
  deps: { dkim?: DkimSettings; metrics: DeliveryMetrics; logger: Logger; clock: Clock; /** The Slack bot token of each project (default: SLACK_BOT_TOKEN for all). */ slackTokens?: SlackTokenSource },
): OutboundSenders & { close(): void } {
  const breaker = { consecutiveFailures: config.FAILOVER_CONSECUTIVE_FAILURES, halfOpenAfterMs: config.FAILOVER_HALF_OPEN_AFTER_MS, metrics: deps.metrics, logger: deps.logger, clock: deps.clock };
  const smtp = (name: string, url: string) => createSmtpProvider({ name, url, from: config.SMTP_FROM, poolSize: config.SMTP_POOL_SIZE, timeoutMs: config.SMTP_TIMEOUT_MS, dkim: deps.dkim, requireTls: config.SMTP_REQUIRE_TLS, clock: deps.clock });
  const emailProviders: Provider<OutgoingEmail>[] = [smtp(config.SMTP_NAME, config.SMTP_URL), ...(config.SMTP_SECONDARY_URL ? [smtp(config.SMTP_SECONDARY_NAME, config.SMTP_SECONDARY_URL)] : [])];

  const sms = (name: string, baseUrl: string, accountSid: string, authToken: string, from: string): SmsProvider =>
    createTwilioCompatibleProvider({ name, baseUrl, accountSid, authToken, from, timeoutMs: config.SMS_TIMEOUT_MS, clock: deps.clock });
  const smsProviders: SmsProvider[] = config.SMS_URL
    ? [
        sms(config.SMS_NAME, config.SMS_URL, config.SMS_ACCOUNT_SID, config.SMS_AUTH_TOKEN, config.SMS_FROM),
        ...(config.SMS_SECONDARY_URL
          ? [sms(config.SMS_SECONDARY_NAME, config.SMS_SECONDARY_URL, config.SMS_SECONDARY_ACCOUNT_SID, config.SMS_SECONDARY_AUTH_TOKEN, config.SMS_SECONDARY_FROM || config.SMS_FROM)]
          : []),
      ]
    : [notConfigured('sms', 'SMS_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM')];

  const push: PushSender = config.VAPID_PUBLIC_KEY
    ? createWebPushSender({
        vapid: { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT },
        ttlSeconds: config.PUSH_TTL_SECONDS,
        urgency: config.PUSH_URGENCY,
        timeoutMs: config.PUSH_TIMEOUT_MS,
        allowedHosts: config.PUSH_ALLOWED_HOSTS.split(',').map((h) => h.trim()).filter(Boolean),
        maxInFlightPerHost: config.PUSH_MAX_IN_FLIGHT_PER_HOST,
        maxInFlightPerProject: config.PUSH_MAX_IN_FLIGHT_PER_PROJECT,
        allowPrivate: config.PUSH_ALLOW_PRIVATE,
        hostBreaker: { consecutiveFailures: config.FAILOVER_CONSECUTIVE_FAILURES, halfOpenAfterMs: config.FAILOVER_HALF_OPEN_AFTER_MS, clock: deps.clock, logger: deps.logger },
        extraCa: config.PUSH_EXTRA_CA_FILE ? fs.readFileSync(config.PUSH_EXTRA_CA_FILE, 'utf8') : undefined,
      })
    : notConfigured('web_push', 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY');

  const chat = createChatSender({
    slackApiUrl: config.SLACK_API_URL,
    slackTokens: deps.slackTokens ?? serverSlackToken(config.SLACK_BOT_TOKEN),
    timeoutMs: config.CHAT_TIMEOUT_MS,
    allowedHosts: hostList(config.CHAT_ALLOWED_HOSTS),
    allowPrivate: config.CHAT_ALLOW_PRIVATE,
    pacer: createKeyPacer({ intervalMs: config.CHAT_CHANNEL_INTERVAL_MS, clock: deps.clock }),
    clock: deps.clock,
  });

  const all: Provider<never>[] = [...emailProviders, ...smsProviders, push, chat] as Provider<never>[];
  deps.logger.info(
    { email: emailProviders.map((p) => p.name), sms: smsProviders.map((p) => p.name), webPush: config.VAPID_PUBLIC_KEY ? 'vapid' : 'off', slackBotToken: config.SLACK_BOT_TOKEN ? 'set' : 'none' },
    'outbound providers (primary first)',
  );
  return {
    email: createFailover({ medium: 'email', primary: emailProviders[0], secondary: emailProviders[1], ...breaker }),
    sms: createFailover({ medium: 'sms', primary: smsProviders[0], secondary: smsProviders[1], ...breaker }),
    web_push: createFailover({ medium: 'web_push', primary: push, ...breaker }),
    chat: createFailover({ medium: 'chat', primary: chat, ...breaker }),
    close() {
      for (const p of all) p.close?.();
    },
  };
}
