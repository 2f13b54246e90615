import type { ChatProvider } from '@herald/contracts';

/**
 * The chat service of a contact's address, as the recipient service checked it when the contact
 * was written: a Slack conversation id, or a webhook URL whose path is the service's own (Slack
 * `/services/…`, Discord `/api/webhooks/…`, Teams the rest: `/webhookb2/…` or a workflow).
 */
export function chatProviderOf(address: string): ChatProvider {
  if (!/^https?:\/\//i.test(address)) return 'slack';
  const path = new URL(address).pathname;
  if (path.startsWith('/services/')) return 'slack';
  if (path.startsWith('/api/webhooks/')) return 'discord';
  return 'teams';
}
