import { pathIdOr404 } from '../shared/path-id';
import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { dataOnly, MessageOnly, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { CatalogEntrySchema, CatalogItemBody, PreferenceIdParams, UpdateCatalogBody, UpsertCatalogBody, UpsertCatalogQuery } from './schemas';
import { catalogEntryView, catalogInput, digestInput, throttleInput } from './views';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { catalogExamples } from './examples';

const tags = ['catalog'];
const errors = errorResponses('error');

/** A path's catalog entry id: a positive integer, else the entry cannot exist (404). */
const preferenceIdOf = (raw: string): bigint => BigInt(pathIdOr404(raw, 'preference_not_found', 'Catalog entry not found'));

/** The project catalog. Full access; `error` family. Each handler is one RPC. */
const catalogRoutes: RoutePlugin = async (app) => {
  const rpc = app.preferences;

  app.post(
    '/preferences',
    { schema: { ...documented({ summary: 'Add a catalog entry', success: 'Created', request: catalogExamples.input, response: catalogExamples.created }), tags, body: CatalogItemBody, response: { 201: withMessage(CatalogEntrySchema), ...errors } } },
    async (request, reply) => {
      const { entry } = await rpc.createCatalogEntry({ projectId: BigInt(request.project.id), entry: catalogInput(request.body) });
      return reply.code(201).send({ message: 'Catalog entry created', data: catalogEntryView(entry!) });
    },
  );

  app.get(
    '/preferences',
    { schema: { ...documented({ summary: 'List the catalog', success: 'The catalog', response: catalogExamples.list }), tags, response: { 200: dataOnly(Type.Array(CatalogEntrySchema)), ...errors } } },
    async (request) => {
      const { entries } = await rpc.listCatalogEntries({ projectId: BigInt(request.project.id) });
      return { data: entries.map(catalogEntryView) };
    },
  );

  app.put(
    '/preferences',
    { schema: { ...documented({ summary: 'Create or update many catalog entries', success: 'The entries, as stored', request: catalogExamples.upsert, response: catalogExamples.upserted }), tags, body: UpsertCatalogBody, querystring: UpsertCatalogQuery, response: { 200: withMessage(Type.Array(CatalogEntrySchema)), ...errors } } },
    async (request) => {
      const { entries } = await rpc.upsertCatalog({
        projectId: BigInt(request.project.id),
        entries: request.body.map(catalogInput),
        prune: request.query.prune === 'true',
      });
      return { message: 'Catalog updated', data: entries.map(catalogEntryView) };
    },
  );

  app.get(
    '/preferences/:preference_id',
    { schema: { ...documented({ summary: 'Get a catalog entry', success: 'The catalog entry', response: catalogExamples.one }), tags, params: PreferenceIdParams, response: { 200: dataOnly(CatalogEntrySchema), ...errors } } },
    async (request) => {
      const { entry } = await rpc.getCatalogEntry({ projectId: BigInt(request.project.id), id: preferenceIdOf(request.params.preference_id) });
      return { data: catalogEntryView(entry!) };
    },
  );

  app.patch(
    '/preferences/:preference_id',
    { schema: { ...documented({ summary: 'Change a catalog entry', description: 'A `digest` is judged against the entry\'s stored medium: only an email entry takes one (400 `validation_failed` on `digest` otherwise).', success: 'Updated', request: catalogExamples.patch, response: catalogExamples.updated }), tags, params: PreferenceIdParams, body: UpdateCatalogBody, response: { 200: withMessage(CatalogEntrySchema), ...errors } } },
    async (request) => {
      const b = request.body;
      const { entry } = await rpc.updateCatalogEntry({
        projectId: BigInt(request.project.id),
        id: preferenceIdOf(request.params.preference_id),
        name: b.name,
        setDescription: b.description !== undefined,
        description: b.description ?? undefined,
        defaultEnabled: b.default_enabled,
        mandatory: b.mandatory,
        channel: b.channel,
        topic: b.topic,
        event: b.event,
        medium: b.medium,
        setDigest: b.digest !== undefined,
        digest: digestInput(b.digest),
        setThrottle: b.throttle !== undefined,
        throttle: throttleInput(b.throttle),
      });
      return { message: 'Catalog entry updated', data: catalogEntryView(entry!) };
    },
  );

  app.delete(
    '/preferences/:preference_id',
    { schema: { ...documented({ summary: 'Remove a catalog entry', success: 'Removed', response: catalogExamples.deleted }), tags, params: PreferenceIdParams, response: { 200: MessageOnly, ...errors } } },
    async (request) => {
      await rpc.deleteCatalogEntry({ projectId: BigInt(request.project.id), id: preferenceIdOf(request.params.preference_id) });
      return { message: 'Catalog entry deleted' };
    },
  );
};

export default catalogRoutes;
