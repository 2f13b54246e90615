import type { Accepted } from '../kernel/outbound';
import type { OutgoingChat } from './chat/chat-sender';
import type { OutgoingEmail } from './email/mailer';
import type { OutgoingPush } from './push/push-sender';
import type { OutgoingSms } from './sms/sms-provider';

/**
 * The senders of the outbound mediums, each behind failover between its configured
 * providers (failover.ts): resolves with the provider that took the message and its id,
 * or throws a DeliveryFailure saying what a retry could do.
 */
export interface OutboundSenders {
  email(mail: OutgoingEmail): Promise<Accepted>;
  sms(sms: OutgoingSms): Promise<Accepted>;
  web_push(push: OutgoingPush): Promise<Accepted>;
  chat(message: OutgoingChat): Promise<Accepted>;
}
