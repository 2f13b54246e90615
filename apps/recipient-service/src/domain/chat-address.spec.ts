import type { Violation } from '@herald/service-kit';
import { checkChatAddress, checkChatProvider, CHAT_WEBHOOK_HOSTS, type ChatAddressRules } from './chat-address';

const chatContactViolations = (provider: string | undefined, address: string, rules: ChatAddressRules): Violation[] =>
  [checkChatProvider(provider), checkChatAddress(provider, address, rules)].filter((v): v is Violation => v !== null);

const production = { allowedHosts: CHAT_WEBHOOK_HOSTS.split(','), allowPrivate: false };
const fakes = { allowedHosts: ['127.0.0.1'], allowPrivate: true };

describe('chat contact addresses', () => {
  it.each([
    ['slack', 'C0123456789'],
    ['slack', 'U0ABCDEF12'],
    ['slack', 'https://hooks.slack.com/services/T000/B000/XXXX'],
    ['teams', 'https://contoso.webhook.office.com/webhookb2/abc@def/IncomingWebhook/123/456'],
    ['teams', 'https://prod-01.westus.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=x'],
    ['discord', 'https://discord.com/api/webhooks/123456/token-abc'],
  ])('when a %s contact is %s, then it is accepted', (provider, address) => {
    expect(chatContactViolations(provider, address, production)).toEqual([]);
  });

  it.each([
    [undefined, 'C0123456789', 'provider'],
    ['irc', 'C0123456789', 'provider'],
    ['teams', 'C0123456789', 'address'],
    ['slack', 'general', 'address'],
    ['slack', 'http://hooks.slack.com/services/T/B/X', 'address'],
    ['slack', 'https://user:pw@hooks.slack.com/services/T/B/X', 'address'],
    ['slack', 'https://evil.example/services/T/B/X', 'address'],
    ['slack', 'https://hooks.slack.com/other', 'address'],
    ['discord', 'https://discord.com/api/webhooks/abc/token', 'address'],
    ['discord', 'https://127.0.0.1/api/webhooks/1/t', 'address'],
    ['teams', 'https://webhook.office.com.evil.example/webhookb2/x', 'address'],
  ])('when a %s contact is %s, then %s is refused', (provider, address, field) => {
    expect(chatContactViolations(provider, address, production).map((v) => v.property_path)).toEqual([field]);
  });

  it('when private hosts are allowed (the local fakes), then an http URL on loopback is accepted', () => {
    expect(chatContactViolations('discord', 'http://127.0.0.1:4010/api/webhooks/1/t', fakes)).toEqual([]);
    expect(chatContactViolations('discord', 'http://10.0.0.1:4010/api/webhooks/1/t', fakes).map((v) => v.property_path)).toEqual(['address']);
    const both = { allowedHosts: [...production.allowedHosts, '127.0.0.1'], allowPrivate: true };
    expect(chatContactViolations('slack', 'http://hooks.slack.com/services/T/B/X', both).map((v) => v.property_path)).toEqual(['address']);
  });
});
