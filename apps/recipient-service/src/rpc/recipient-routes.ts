import type { ConnectRouter } from '@connectrpc/connect';
import { RecipientService } from '@herald/contracts';
import { toConnectError, toFieldViolation } from '@herald/service-kit';
import { listHandlers, type ListUseCases } from '../lists';
import { num, toContactMessage as contact, toDeviceMessage as device, toRecipientMessage as recipient } from './mappers';
import type { RecipientUseCases } from '../usecases';

/** RecipientService: each handler maps the request to a use case input and the result back. */
export const recipientRoutes = (uc: RecipientUseCases, lists: ListUseCases) => (router: ConnectRouter) =>
  router.service(RecipientService, {
    async createRecipient(req) {
      const r = await uc.createRecipient({ projectId: num(req.projectId), id: req.id, name: req.name ?? null });
      return { recipient: recipient(r) };
    },
    async getRecipient(req) {
      return { recipient: recipient(await uc.getRecipient({ projectId: num(req.projectId), id: req.id })) };
    },
    async updateRecipient(req) {
      const name = req.setName ? (req.name ?? null) : undefined;
      return { recipient: recipient(await uc.updateRecipient({ projectId: num(req.projectId), id: req.id, name })) };
    },
    async deleteRecipient(req) {
      await uc.deleteRecipient({ projectId: num(req.projectId), id: req.id });
      return {};
    },
    async batchUpsertRecipients(req) {
      const items = req.items.map((i) => ({ id: i.id, setName: i.setName, name: i.name ?? null, batchIndex: i.batchIndex }));
      const result = await uc.batchUpsertRecipients({ projectId: num(req.projectId), items });
      const failed = result.failed.map((f) => ({ id: f.id, batchIndex: f.batchIndex, errors: f.errors.map(toFieldViolation) }));
      return { created: result.created, updated: result.updated, failed };
    },
    async listRecipients(req) {
      if (req.query) {
        const found = await uc.searchRecipients({ projectId: num(req.projectId), query: req.query, limit: req.limit, cursor: req.cursor });
        return { recipients: found.map(recipient), nextCursor: '' };
      }
      const page = await uc.listRecipients({ projectId: num(req.projectId), limit: req.limit, cursor: req.cursor });
      return { recipients: page.recipients.map(recipient), nextCursor: page.nextCursor };
    },
    async ensureRecipient(req) {
      const result = await uc.ensureRecipient({ projectId: num(req.projectId), id: req.id });
      return { recipient: recipient(result.recipient), created: result.created };
    },
    async ensureRecipients(req) {
      const r = await uc.ensureRecipients({ projectId: num(req.projectId), ids: req.ids });
      return { created: r.created, seqs: r.seqs.map(BigInt) };
    },
    async *streamRecipientIds(req, ctx) {
      const input = { projectId: num(req.projectId), pageSize: req.pageSize, after: req.after };
      try {
        for await (const page of uc.streamRecipientIds(input, ctx.signal)) yield { recipientIds: page.ids, cursor: page.cursor };
      } catch (err) {
        // The kit's interceptor sees only the call's start; errors raised mid-stream are mapped here.
        throw toConnectError(err);
      }
    },
    async listRecipientIds(req) {
      const input = { projectId: num(req.projectId), after: req.after, upperBound: req.upperBound, pageSize: req.pageSize };
      const page = await uc.listRecipientIds(input);
      return { recipientIds: page.ids, recipientSeqs: page.seqs.map(BigInt), nextAfter: page.nextAfter, upperBound: page.upperBound, done: page.done, remainingAtMost: BigInt(page.remainingAtMost) };
    },
    async addContact(req) {
      const input = { projectId: num(req.projectId), recipientId: req.recipientId, medium: req.medium, address: req.address, isPrimary: req.isPrimary, byRecipientToken: req.byRecipientToken, smsCountryCodes: req.smsCountryCodes, provider: req.provider };
      const written = await uc.addContact(input);
      return { contact: contact(written), confirmationNeeded: written.confirmationNeeded === true };
    },
    async listContacts(req) {
      return { contacts: (await uc.listContacts({ projectId: num(req.projectId), recipientId: req.recipientId })).map(contact) };
    },
    async setPrimaryContact(req) {
      const input = { projectId: num(req.projectId), recipientId: req.recipientId, medium: req.medium, address: req.address, byRecipientToken: req.byRecipientToken, smsCountryCodes: req.smsCountryCodes, provider: req.provider };
      const written = await uc.setPrimaryContact(input);
      return { contact: contact(written), confirmationNeeded: written.confirmationNeeded === true, approvalAddress: written.approvalAddress };
    },
    async updateContact(req) {
      const input = {
        projectId: num(req.projectId), recipientId: req.recipientId, contactId: num(req.contactId), address: req.address, isPrimary: req.isPrimary, byRecipientToken: req.byRecipientToken, smsCountryCodes: req.smsCountryCodes,
      };
      const written = await uc.updateContact(input);
      return { contact: contact(written), confirmationNeeded: written.confirmationNeeded === true };
    },
    async deleteContact(req) {
      await uc.deleteContact({ projectId: num(req.projectId), recipientId: req.recipientId, contactId: num(req.contactId) });
      return {};
    },
    async verifyContact(req) {
      const input = { projectId: num(req.projectId), recipientId: req.recipientId, contactId: num(req.contactId) };
      return { contact: contact(await uc.verifyContact(input)) };
    },
    async getPrimaryContacts(req) {
      const input = { projectId: num(req.projectId), recipientIds: req.recipientIds, medium: req.medium };
      return { contacts: (await uc.getPrimaryContacts(input)).map(contact) };
    },
    async confirmContact(req) {
      const input = { projectId: num(req.projectId), recipientId: req.recipientId, contactId: num(req.contactId), address: req.address, approvedBy: req.approvedBy };
      return { contact: contact(await uc.confirmContact(input)) };
    },
    async markContactUndeliverable(req) {
      const input = { projectId: num(req.projectId), recipientId: req.recipientId, medium: req.medium, address: req.address, reason: req.reason };
      return { marked: await uc.markContactUndeliverable(input) };
    },
    ...listHandlers(lists),
    async addDevice(req) {
      const input = { projectId: num(req.projectId), recipientId: req.recipientId, platform: req.platform, token: req.token, appId: req.appId, locale: req.locale };
      const added = await uc.addDevice(input);
      return { device: device(added.device), created: added.created };
    },
    async listDevices(req) {
      return { devices: (await uc.listDevices({ projectId: num(req.projectId), recipientId: req.recipientId })).map(device) };
    },
    async listDevicesForRecipients(req) {
      return { devices: (await uc.listDevicesForRecipients({ projectId: num(req.projectId), recipientIds: req.recipientIds })).map(device) };
    },
    async deleteDevice(req) {
      await uc.deleteDevice({ projectId: num(req.projectId), recipientId: req.recipientId, deviceId: num(req.deviceId) });
      return {};
    },
  });
