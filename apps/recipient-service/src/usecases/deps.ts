import type { Clock, Sequences } from '@herald/service-kit';
import type { AddressRules } from '../domain/contact-rules';
import type { ContactRepository } from '../store/contact-repository';
import type { DeviceRepository } from '../store/device-repository';
import type { RecipientRepository } from '../store/recipient-repository';
import type { ListMemberships, RecipientEvents } from './ports';

/** Everything the use cases may touch; each takes the part it needs. */
export interface RecipientDeps {
  recipients: RecipientRepository;
  contacts: ContactRepository;
  devices: DeviceRepository;
  sequences: Sequences;
  events: RecipientEvents;
  clock: Clock;
  /** The recipient's list subscriptions, removed on erasure. */
  listMemberships: ListMemberships;
  /** What contact addresses may be beyond the defaults (PUSH_ALLOW_PRIVATE, PUSH_ALLOWED_HOSTS, CHAT_ALLOWED_HOSTS, CHAT_ALLOW_PRIVATE). */
  addressRules?: AddressRules;
}
