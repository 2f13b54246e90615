import type { ConnectRouter } from '@connectrpc/connect';
import { PreferenceService } from '@herald/contracts';
import { catalogEntryMessage, catalogInput, idOf, stateMessage, targetInput, targetMessage } from './mappers';
import { checkCoverage } from './usecases/check-coverage';
import { checkPreference } from './usecases/check-preference';
import { createCatalogEntry } from './usecases/create-catalog-entry';
import { deleteCatalogEntry } from './usecases/delete-catalog-entry';
import type { PreferenceDeps } from './usecases/deps';
import { getCatalogEntry } from './usecases/get-catalog-entry';
import { listCatalogEntries } from './usecases/list-catalog-entries';
import { listPreferences } from './usecases/list-preferences';
import { resolveBatch } from './usecases/resolve-batch';
import { setPreference } from './usecases/set-preference';
import { updateCatalogEntry } from './usecases/update-catalog-entry';
import { upsertCatalog } from './usecases/upsert-catalog';

/** PreferenceService handlers: map the request to a use case input and the result back, nothing else. */
export const preferenceRoutes = (deps: PreferenceDeps) => (router: ConnectRouter) =>
  router.service(PreferenceService, {
    async createCatalogEntry(req) {
      return { entry: catalogEntryMessage(await createCatalogEntry(deps, idOf(req.projectId), catalogInput(req.entry))) };
    },
    async listCatalogEntries(req) {
      return { entries: (await listCatalogEntries(deps, idOf(req.projectId))).map(catalogEntryMessage) };
    },
    async getCatalogEntry(req) {
      return { entry: catalogEntryMessage(await getCatalogEntry(deps, idOf(req.projectId), idOf(req.id))) };
    },
    async updateCatalogEntry(req) {
      const entry = await updateCatalogEntry(deps, {
        projectId: idOf(req.projectId),
        id: idOf(req.id),
        name: req.name,
        description: req.setDescription ? (req.description ?? null) : undefined,
        defaultEnabled: req.defaultEnabled,
        mandatory: req.mandatory,
        key: { channel: req.channel, topic: req.topic, event: req.event, medium: req.medium },
      });
      return { entry: catalogEntryMessage(entry) };
    },
    async upsertCatalog(req) {
      const entries = await upsertCatalog(deps, { projectId: idOf(req.projectId), items: req.entries.map(catalogInput), prune: req.prune });
      return { entries: entries.map(catalogEntryMessage) };
    },
    async deleteCatalogEntry(req) {
      await deleteCatalogEntry(deps, idOf(req.projectId), idOf(req.id));
      return {};
    },
    async setPreference(req) {
      const set = await setPreference(deps, {
        projectId: idOf(req.projectId),
        recipientId: req.recipientId,
        target: targetInput(req.target),
        medium: req.medium,
        enabled: req.enabled,
      });
      return { target: targetMessage(set.target), medium: set.medium, state: { enabled: set.enabled, inherited: false } };
    },
    async listPreferences(req) {
      const items = await listPreferences(deps, { projectId: idOf(req.projectId), recipientId: req.recipientId });
      return {
        preferences: items.map((p) => ({
          target: targetMessage(p.target),
          medium: p.medium,
          name: p.name ?? undefined,
          state: stateMessage(p.state),
        })),
      };
    },
    async checkPreference(req) {
      const r = await checkPreference(deps, {
        projectId: idOf(req.projectId),
        recipientId: req.recipientId,
        target: targetInput(req.target),
        medium: req.medium,
      });
      return { target: targetMessage(r.target), medium: r.medium, state: stateMessage(r.state) };
    },
    async resolveBatch(req) {
      return resolveBatch(deps, {
        projectId: idOf(req.projectId),
        target: targetInput(req.target),
        medium: req.medium,
        recipientIds: req.recipientIds,
      });
    },
    async checkCoverage(req) {
      const covered = await checkCoverage(deps, {
        projectId: idOf(req.projectId),
        queries: req.queries.map((q) => ({ target: targetInput(q.target), medium: q.medium })),
      });
      return { covered };
    },
  });
