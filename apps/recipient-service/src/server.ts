import { createSequences, ensureEventsStream, hostList, type ServiceDeps, type ServiceParts } from '@herald/service-kit';
import type { Config } from './config';
import { createListEvents, createListRepository, createListUseCases, createProjectTotalsRepository, createRemoveRecipientSubscriptions, createSubscriptionRepository } from './lists';
import { createRecipientEvents } from './messaging/recipient-events';
import { recipientRoutes } from './rpc/recipient-routes';
import { createUseCases } from './usecases';
import { requireRecipient } from './usecases/require-recipient';
import { createContactRepository } from './store/contact-repository';
import { createDeviceRepository } from './store/device-repository';
import { createRecipientRepository } from './store/recipient-repository';

/** Builds the recipient service: indexes and the events stream (idempotent), then its routes. */
export async function build({ config, mongo, nats, clock }: ServiceDeps<Config>): Promise<ServiceParts> {
  const recipients = createRecipientRepository(mongo.db);
  const contacts = createContactRepository(mongo.db);
  const devices = createDeviceRepository(mongo.db);
  const lists = createListRepository(mongo.db);
  const subscriptions = createSubscriptionRepository(mongo.db);
  const totals = createProjectTotalsRepository(mongo.db);
  await Promise.all([
    recipients.ensureIndexes(),
    contacts.ensureIndexes(),
    devices.ensureIndexes(),
    lists.ensureIndexes(),
    subscriptions.ensureIndexes(),
    ensureEventsStream(nats, config.NATS_STREAM_REPLICAS),
  ]);
  const sequences = createSequences(mongo.db);
  const listEvents = createListEvents(nats);
  const useCases = createUseCases({
    recipients,
    contacts,
    devices,
    sequences,
    events: createRecipientEvents(nats),
    clock,
    addressRules: {
      allowPrivatePush: config.PUSH_ALLOW_PRIVATE,
      pushAllowedHosts: hostList(config.PUSH_ALLOWED_HOSTS),
      chat: { allowedHosts: hostList(config.CHAT_ALLOWED_HOSTS), allowPrivate: config.CHAT_ALLOW_PRIVATE },
    },
    listMemberships: { removeAllOf: createRemoveRecipientSubscriptions({ lists, subscriptions, totals, events: listEvents, clock }) },
  });
  const listUseCases = createListUseCases({
    lists,
    subscriptions,
    totals,
    sequences,
    clock,
    limits: { listsPerProject: config.LIST_MAX_PER_PROJECT, subscriptionsPerProject: config.LIST_SUBSCRIPTIONS_MAX_PER_PROJECT },
    events: listEvents,
    recipients: {
      ensureRecipients: useCases.ensureRecipients,
      activeSeqs: (projectId, ids) => recipients.activeSeqs(projectId, ids),
      requireRecipient: (projectId, id) => requireRecipient(recipients, projectId, id),
    },
  });
  return { routes: recipientRoutes(useCases, listUseCases) };
}
