import type { Notification } from '@herald/client';
import type { FeedFilter } from './tabs';

/** What one browser tab tells the others of the same recipient. */
export type ChannelMessage =
  | { type: 'updated'; notification: Notification }
  | { type: 'all-read'; filter: FeedFilter }
  | { type: 'count'; count: number }
  | { type: 'unseen'; count: number };

/** The channel the element's instances of one recipient and gateway share in this browser (null where there is none). */
export function openInboxChannel(baseUrl: string, recipientId: string, receive: (msg: ChannelMessage) => void): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(`herald-inbox:${baseUrl}:${recipientId}`);
  channel.onmessage = (e: MessageEvent<ChannelMessage>) => receive(e.data);
  return channel;
}
