import type { OutboundMedium } from '../kernel/outbound';
import type { BroadcastDoc } from '../kernel/store/broadcast-repository';

/** The outbound mediums a broadcast carries (email, web push: sms is refused on broadcasts) and each one's cap. */
export function broadcastOutbound(b: Pick<BroadcastDoc, 'email_content' | 'push_content' | 'settings'>): { medium: OutboundMedium; cap: number }[] {
  return [
    ...(b.email_content ? [{ medium: 'email' as const, cap: b.settings.maxBroadcastRecipientsForEmail }] : []),
    ...(b.push_content ? [{ medium: 'web_push' as const, cap: b.settings.maxBroadcastRecipientsForPush ?? 0 }] : []),
  ];
}
