import type { InboxChange } from '@herald/client';

/** The channel the element's instances of one recipient and gateway share in this browser: each tells the others its changes (null where there is none). */
export function openInboxChannel(baseUrl: string, recipientId: string, receive: (change: InboxChange) => void): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(`herald-inbox:${baseUrl}:${recipientId}`);
  channel.onmessage = (e: MessageEvent<InboxChange>) => receive(e.data);
  return channel;
}
