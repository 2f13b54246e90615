import { createHmac } from 'node:crypto';

/**
 * A one-click unsubscribe token in the delivery service's format (`u1.<payload>.<mac>`), signed
 * with the e2e stack's secret: what a mail's List-Unsubscribe link carries, without sending a mail.
 */
export function signUnsubscribeToken(claim: { projectId: number; recipientId: string; target: { channel: string; topic: string; event: string }; expiresInS?: number }): string {
  const key = createHmac('sha256', process.env.HERALD_UNSUBSCRIBE_SECRET!).update('herald one-click unsubscribe v1').digest();
  const { channel: c, topic: t, event: e } = claim.target;
  const x = Math.floor(Date.now() / 1000) + (claim.expiresInS ?? 3600);
  const signed = `u1.${Buffer.from(JSON.stringify({ p: claim.projectId, r: claim.recipientId, c, t, e, x })).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}
