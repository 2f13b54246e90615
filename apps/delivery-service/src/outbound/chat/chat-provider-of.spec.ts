import { chatProviderOf } from './chat-provider-of';

describe('the chat service of an address', () => {
  it.each([
    ['C0123456789', 'slack'],
    ['https://hooks.slack.com/services/T/B/X', 'slack'],
    ['http://127.0.0.1:8025/services/T/B/X', 'slack'],
    ['https://discord.com/api/webhooks/1/t', 'discord'],
    ['https://contoso.webhook.office.com/webhookb2/a/IncomingWebhook/b/c', 'teams'],
    ['https://prod.westus.logic.azure.com/workflows/a/triggers/manual/paths/invoke', 'teams'],
  ])('when the address is %s, then the service is %s', (address, provider) => {
    expect(chatProviderOf(address)).toBe(provider);
  });
});
