import { createAddContact } from './add-contact';
import { createAddDevice } from './add-device';
import { createBatchUpsertRecipients } from './batch-upsert-recipients';
import { createCreateRecipient } from './create-recipient';
import { createConfirmContact } from './confirm-contact';
import { createDeleteContact } from './delete-contact';
import { createDeleteDevice } from './delete-device';
import { createDeleteRecipient } from './delete-recipient';
import type { RecipientDeps } from './deps';
import { createEnsureRecipient } from './ensure-recipient';
import { createEnsureRecipients } from './ensure-recipients';
import { createGetPrimaryContacts } from './get-primary-contacts';
import { createGetRecipient } from './get-recipient';
import { createListContacts } from './list-contacts';
import { createListDevices } from './list-devices';
import { createListDevicesForRecipients } from './list-devices-for-recipients';
import { createListRecipientIds } from './list-recipient-ids';
import { createListRecipients } from './list-recipients';
import { createSearchRecipients } from './search-recipients';
import { createMarkContactUndeliverable } from './mark-contact-undeliverable';
import { createSetPrimaryContact } from './set-primary-contact';
import { createStreamRecipientIds } from './stream-recipient-ids';
import { createUpdateContact } from './update-contact';
import { createUpdateRecipient } from './update-recipient';
import { createVerifyContact } from './verify-contact';

export type { RecipientDeps } from './deps';

/** Every use case of the service, built from its dependencies. */
export function createUseCases(deps: RecipientDeps) {
  return {
    createRecipient: createCreateRecipient(deps),
    getRecipient: createGetRecipient(deps),
    updateRecipient: createUpdateRecipient(deps),
    deleteRecipient: createDeleteRecipient(deps),
    batchUpsertRecipients: createBatchUpsertRecipients(deps),
    listRecipients: createListRecipients(deps),
    searchRecipients: createSearchRecipients(deps),
    ensureRecipient: createEnsureRecipient(deps),
    ensureRecipients: createEnsureRecipients(deps),
    streamRecipientIds: createStreamRecipientIds(deps),
    listRecipientIds: createListRecipientIds(deps),
    addContact: createAddContact(deps),
    listContacts: createListContacts(deps),
    setPrimaryContact: createSetPrimaryContact(deps),
    updateContact: createUpdateContact(deps),
    deleteContact: createDeleteContact(deps),
    verifyContact: createVerifyContact(deps),
    getPrimaryContacts: createGetPrimaryContacts(deps),
    markContactUndeliverable: createMarkContactUndeliverable(deps),
    confirmContact: createConfirmContact(deps),
    addDevice: createAddDevice(deps),
    listDevices: createListDevices(deps),
    listDevicesForRecipients: createListDevicesForRecipients(deps),
    deleteDevice: createDeleteDevice(deps),
  };
}

export type RecipientUseCases = ReturnType<typeof createUseCases>;
