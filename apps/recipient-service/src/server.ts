import { createSequences, ensureEventsStream, hostList, type ServiceDeps, type ServiceParts } from '@herald/service-kit';
import type { Config } from './config';
import { createRecipientEvents } from './messaging/recipient-events';
import { recipientRoutes } from './rpc/recipient-routes';
import { createUseCases } from './usecases';
import { createContactRepository } from './store/contact-repository';
import { createRecipientRepository } from './store/recipient-repository';

/** Builds the recipient service: indexes and the events stream (idempotent), then its routes. */
export async function build({ config, mongo, nats, clock }: ServiceDeps<Config>): Promise<ServiceParts> {
  const recipients = createRecipientRepository(mongo.db);
  const contacts = createContactRepository(mongo.db);
  await Promise.all([recipients.ensureIndexes(), contacts.ensureIndexes(), ensureEventsStream(nats, config.NATS_STREAM_REPLICAS)]);
  const deps = {
    recipients,
    contacts,
    sequences: createSequences(mongo.db),
    events: createRecipientEvents(nats),
    clock,
    addressRules: {
      allowPrivatePush: config.PUSH_ALLOW_PRIVATE,
      chat: { allowedHosts: hostList(config.CHAT_ALLOWED_HOSTS), allowPrivate: config.CHAT_ALLOW_PRIVATE },
    },
  };
  return { routes: recipientRoutes(createUseCases(deps)) };
}
