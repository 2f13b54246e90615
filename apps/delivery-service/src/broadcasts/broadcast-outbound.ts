import type { OutboundMedium } from '../kernel/outbound';
import type { BroadcastDoc } from '../kernel/store/broadcast-repository';
import { outboundCaps } from '../sends';

/**
 * The outbound mediums a broadcast carries (email, web push, mobile push, and SMS on sends to many:
 * a broadcast to every recipient refuses it) and each one's cap: a send to a list or to recipient ids has the
 * project's list caps, any other the broadcast caps.
 */
export function broadcastOutbound(b: Pick<BroadcastDoc, 'email_content' | 'push_content' | 'sms_content' | 'mobile_push_content' | 'settings' | 'audience'>): { medium: OutboundMedium; cap: number }[] {
  const caps = outboundCaps(b.settings, Boolean(b.audience?.recipient_ids || b.audience?.list !== undefined));
  return [
    ...(b.email_content ? [{ medium: 'email' as const, cap: caps.email }] : []),
    ...(b.push_content ? [{ medium: 'web_push' as const, cap: caps.push }] : []),
    ...(b.sms_content ? [{ medium: 'sms' as const, cap: caps.sms }] : []),
    ...(b.mobile_push_content ? [{ medium: 'mobile_push' as const, cap: caps.mobilePush }] : []),
  ];
}
