/** What the use cases need from outside the service, declared here and implemented by adapters (messaging/, rpc/). */

export interface RecipientDeletedEvent {
  projectId: number;
  recipientId: string;
  /** Creation sequence of the erased incarnation: a retry of the same erasure repeats the event's id. */
  seq: number;
  deletedAt: Date;
}

export interface RecipientChangedEvent {
  projectId: number;
  recipientIds: string[];
  /** The name (and updated_at) changed. */
  profile: boolean;
  /** The contacts changed. */
  contacts: boolean;
}

/** A recipient's subscriptions to lists (implemented by the lists component). */
export interface ListMemberships {
  /** Removes every subscription of the recipient. Safe to repeat. */
  removeAllOf(projectId: number, recipientId: string): Promise<void>;
}

/** The service's domain events (implemented on JetStream by messaging/recipient-events.ts). */
export interface RecipientEvents {
  /** Safe to repeat: the same erasure is delivered to consumers once. */
  recipientDeleted(e: RecipientDeletedEvent): Promise<void>;
  /** Tells holders of copies (caches) to forget these recipients; resolves once the broker has it. Safe to repeat. */
  recipientChanged(e: RecipientChangedEvent): Promise<void>;
}
