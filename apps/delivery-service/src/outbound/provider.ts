/**
 * One configured provider of an outbound medium (an SMTP relay, an SMS API account, the web push
 * sender): what failover (outbound/failover.ts) switches between. `send` resolves with the
 * provider's message id, or throws a DeliveryFailure (kernel/outbound.ts) saying whether another
 * attempt, or another provider, could help. Adding a provider is one file implementing this.
 */
export interface Provider<M> {
  /** Recorded on the outcome (`provider`); unique per medium. */
  readonly name: string;
  send(message: M): Promise<{ messageId: string | null }>;
  close?(): void;
}
