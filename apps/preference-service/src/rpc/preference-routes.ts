import type { ConnectRouter } from '@connectrpc/connect';
import { PreferenceService } from '@herald/contracts';
import { catalogEntryMessage, catalogInput, decisionMessage, digestInput, idOf, resolutionMessage, stateMessage, targetInput, targetMessage, throttleInput } from './mappers';
import type { PreferenceUseCases } from '../usecases';

/** PreferenceService handlers: map the request to a use case input and the result back, nothing else. */
export const preferenceRoutes = (uc: PreferenceUseCases) => (router: ConnectRouter) =>
  router.service(PreferenceService, {
    async createCatalogEntry(req) {
      return { entry: catalogEntryMessage(await uc.createCatalogEntry(idOf(req.projectId), catalogInput(req.entry))) };
    },
    async listCatalogEntries(req) {
      return { entries: (await uc.listCatalogEntries(idOf(req.projectId))).map(catalogEntryMessage) };
    },
    async getCatalogEntry(req) {
      return { entry: catalogEntryMessage(await uc.getCatalogEntry(idOf(req.projectId), idOf(req.id))) };
    },
    async updateCatalogEntry(req) {
      const entry = await uc.updateCatalogEntry({
        projectId: idOf(req.projectId),
        id: idOf(req.id),
        name: req.name,
        description: req.setDescription ? (req.description ?? null) : undefined,
        defaultEnabled: req.defaultEnabled,
        mandatory: req.mandatory,
        digest: req.setDigest ? (req.digest ? digestInput(req.digest) : null) : undefined,
        throttle: req.setThrottle ? (req.throttle ? throttleInput(req.throttle) : null) : undefined,
        key: { channel: req.channel, topic: req.topic, event: req.event, medium: req.medium },
      });
      return { entry: catalogEntryMessage(entry) };
    },
    async upsertCatalog(req) {
      const entries = await uc.upsertCatalog({ projectId: idOf(req.projectId), items: req.entries.map(catalogInput), prune: req.prune });
      return { entries: entries.map(catalogEntryMessage) };
    },
    async deleteCatalogEntry(req) {
      await uc.deleteCatalogEntry(idOf(req.projectId), idOf(req.id));
      return {};
    },
    async setPreference(req) {
      const set = await uc.setPreference({
        projectId: idOf(req.projectId),
        recipientId: req.recipientId,
        target: targetInput(req.target),
        medium: req.medium,
        enabled: req.enabled,
        setVia: req.setVia,
      });
      return { target: targetMessage(set.target), medium: set.medium, state: { enabled: set.enabled, inherited: false } };
    },
    async listPreferences(req) {
      const items = await uc.listPreferences({ projectId: idOf(req.projectId), recipientId: req.recipientId });
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
      const r = await uc.checkPreference({
        projectId: idOf(req.projectId),
        recipientId: req.recipientId,
        target: targetInput(req.target),
        medium: req.medium,
      });
      return { target: targetMessage(r.target), medium: r.medium, state: stateMessage(r.state), decision: decisionMessage(r.state.decision) };
    },
    async resolveBatch(req) {
      const input = { projectId: idOf(req.projectId), target: targetInput(req.target), recipientIds: req.recipientIds };
      if (req.mediums.length > 0) {
        const resolved = await uc.resolveMediums({ ...input, mediums: req.mediums });
        return { byMedium: resolved.map((r, i) => ({ medium: req.mediums[i], ...resolutionMessage(r) })) };
      }
      return resolutionMessage(await uc.resolveBatch({ ...input, medium: req.medium }));
    },
    async checkCoverage(req) {
      const covered = await uc.checkCoverage({
        projectId: idOf(req.projectId),
        queries: req.queries.map((q) => ({ target: targetInput(q.target), medium: q.medium })),
      });
      return { covered };
    },
  });
