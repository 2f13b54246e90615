import type { Sequences } from '@herald/service-kit';
import type { RecipientEvents } from '../events/recipient-events';
import type { ContactRepository } from '../repositories/contact-repository';
import type { RecipientRepository } from '../repositories/recipient-repository';

/** Everything the use cases may touch; each takes the part it needs. */
export interface RecipientDeps {
  recipients: RecipientRepository;
  contacts: ContactRepository;
  sequences: Sequences;
  events: RecipientEvents;
  now: () => Date;
}
