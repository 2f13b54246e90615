import { createSignedTokens } from '@herald/service-kit';

/**
 * A one-click unsubscribe token in the delivery service's format (a service-kit signed token,
 * purpose `unsubscribe`), signed with the e2e stack's secret: what a mail's List-Unsubscribe link
 * carries, without sending a mail.
 */
export function signUnsubscribeToken(claim: { projectId: number; recipientId: string; target: { channel: string; topic: string; event: string }; expiresInS?: number }): string {
  const { channel, topic, event } = claim.target;
  return createSignedTokens({ secret: process.env.HERALD_UNSUBSCRIBE_SECRET! }).sign('unsubscribe', { project: claim.projectId, recipient: claim.recipientId, channel, topic, event }, claim.expiresInS ?? 3600);
}
