import { createSequences, type ServiceDeps, type ServiceParts } from '@herald/service-kit';
import type { Config } from './config';
import { ensureEventsStream } from '@herald/service-kit';
import { createRecipientEvents } from './events/recipient-events';
import { recipientRoutes } from './recipient-routes';
import { createContactRepository } from './repositories/contact-repository';
import { createRecipientRepository } from './repositories/recipient-repository';

/** Builds the recipient service: indexes and the events stream (idempotent), then its routes. */
export async function build({ mongo, nats }: ServiceDeps<Config>): Promise<ServiceParts> {
  const recipients = createRecipientRepository(mongo.db);
  const contacts = createContactRepository(mongo.db);
  await Promise.all([recipients.ensureIndexes(), contacts.ensureIndexes(), ensureEventsStream(nats)]);
  const deps = {
    recipients,
    contacts,
    sequences: createSequences(mongo.db),
    events: createRecipientEvents(nats),
    now: () => new Date(),
  };
  return { routes: recipientRoutes(deps) };
}
