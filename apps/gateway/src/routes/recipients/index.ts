import { fromFieldViolation, invalid, violation } from '@herald/service-kit';
import { Type } from '@sinclair/typebox';
import type { RoutePlugin } from '../shared/type-provider';
import { partitionBatchItems } from './batch-items';
import { dataOnly, MessageOnly, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import {
  BatchBody,
  BatchResultSchema,
  CreateRecipientBody,
  ListRecipientsQuery,
  RecipientIdParams,
  RecipientSchema,
  UpdateRecipientBody,
} from './schemas';
import { recipientView } from './views';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { recipientExamples, recipientInputExample, recipientPatchExample } from './examples';

const tags = ['recipients'];

/**
 * Recipients. Each handler is one RPC to the recipient service,
 * but `GET /recipients/{id}`, answered from this replica's recipient cache when it holds the recipient
 * (plugins/app/recipient-presence); every change made here evicts it at once.
 */
const recipientRoutes: RoutePlugin = async (app) => {
  const rpc = app.services.recipients;

  app.post(
    '/recipients',
    { schema: { ...documented({ summary: 'Create a recipient', success: 'Created', request: recipientInputExample, response: recipientExamples.created }), tags, body: CreateRecipientBody, response: { 201: withMessage(RecipientSchema), ...errorResponses('message') } } },
    async (request, reply) => {
      const { recipient } = await rpc.createRecipient({ projectId: BigInt(request.project.id), id: request.body.id, name: request.body.name ?? undefined });
      return reply.code(201).send({ message: 'Recipient created', data: recipientView(recipient) });
    },
  );

  app.get(
    '/recipients',
    { schema: { ...documented({ summary: 'List or search recipients', success: 'A page of recipients, or the search\'s matches', response: recipientExamples.page }), tags, querystring: ListRecipientsQuery, response: { 200: dataOnly(Type.Object({ recipients: Type.Array(RecipientSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) })), ...errorResponses('message') } } },
    async (request) => {
      const { q } = request.query;
      if (q === '') throw invalid('Invalid query', [violation('q', 'q must not be empty: leave it out to list every recipient', q)]);
      const res = await rpc.listRecipients({ projectId: BigInt(request.project.id), limit: request.query.limit, cursor: request.query.cursor ?? '', query: q ?? '' });
      return { data: { recipients: res.recipients.map(recipientView), next_cursor: res.nextCursor || null } };
    },
  );

  app.post(
    '/recipients/batch',
    { schema: { ...documented({ summary: 'Create or update many recipients', success: 'What was created, updated or refused, item by item', request: recipientExamples.batch, response: recipientExamples.batchResult }), tags, body: BatchBody, response: { 200: dataOnly(BatchResultSchema), ...errorResponses('message') } } },
    async (request) => {
      const { valid, failed } = partitionBatchItems(request.body.recipients);
      const res = valid.length
        ? await rpc.batchUpsertRecipients({
            projectId: BigInt(request.project.id),
            items: valid.map((i) => ({ id: i.id, setName: i.setName, name: i.name, batchIndex: i.batchIndex })),
          }).finally(() => valid.forEach((i) => app.recipientPresence.forget(request.project.id, i.id)))
        : { created: [], updated: [], failed: [] };
      const failures = [
        ...failed,
        ...res.failed.map((f) => ({ id: f.id, batch_index: f.batchIndex, errors: f.errors.map(fromFieldViolation) })),
      ].sort((a, b) => a.batch_index - b.batch_index);
      return { data: { created: res.created.map((id) => ({ id })), updated: res.updated.map((id) => ({ id })), failed: failures } };
    },
  );

  app.get(
    '/recipients/:recipient_id',
    { config: { access: 'recipient' }, schema: { ...documented({ summary: 'Get a recipient', success: 'The recipient', response: recipientExamples.one }), tags, params: RecipientIdParams, response: { 200: dataOnly(RecipientSchema), ...errorResponses('message') } } },
    async (request) => {
      return { data: recipientView(await app.recipientPresence.get(BigInt(request.project.id), request.params.recipient_id)) };
    },
  );

  app.patch(
    '/recipients/:recipient_id',
    { schema: { ...documented({ summary: 'Rename a recipient', success: 'Updated', request: recipientPatchExample, response: recipientExamples.updated }), tags, params: RecipientIdParams, body: UpdateRecipientBody, response: { 200: withMessage(RecipientSchema), ...errorResponses('message') } } },
    async (request) => {
      const { id, name } = request.body;
      if (id !== undefined && id !== request.params.recipient_id) {
        throw invalid('A recipient id cannot be changed', [
          { message: 'id cannot be changed', description: 'The id in the body must match the path', property_path: 'id', invalid_value: id },
        ], 'immutable_field');
      }
      const { recipient } = await rpc.updateRecipient({
        projectId: BigInt(request.project.id),
        id: request.params.recipient_id,
        setName: name !== undefined,
        name: name ?? undefined,
      }).finally(() => app.recipientPresence.forget(request.project.id, request.params.recipient_id));
      return { message: 'Recipient updated', data: recipientView(recipient) };
    },
  );

  app.delete(
    '/recipients/:recipient_id',
    { schema: { ...documented({ summary: 'Delete a recipient and erase their data', success: 'Deleted', response: recipientExamples.deleted }), tags, params: RecipientIdParams, response: { 200: MessageOnly, ...errorResponses('message') } } },
    async (request) => {
      await rpc.deleteRecipient({ projectId: BigInt(request.project.id), id: request.params.recipient_id })
        .finally(() => app.recipientPresence.forget(request.project.id, request.params.recipient_id));
      return { message: 'Recipient deleted' };
    },
  );
};

export default recipientRoutes;
