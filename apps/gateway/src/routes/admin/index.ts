import { notFound } from '@herald/service-kit';
import { Type } from '@sinclair/typebox';
import { parsePathId } from '../shared/path-id';
import type { RoutePlugin } from '../shared/type-provider';
import { formatTimestamp } from '../shared/timestamps';
import { dataOnly, MessageOnly, withMessage } from '../shared/schemas';
import { errorResponses } from '../../plugins/app/errors/error-schemas';
import { CreatedKeySchema, CreateKeyBody, CreateProjectBody, IssuedKeySchema, KeyParams, ListProjectsQuery, ProjectParams, ProjectSchema, UpdateProjectBody } from './schemas';
import { createKey } from './create-key';
import { createProject } from './create-project';
import { getProject, projectNotFound } from './get-project';
import { listProjects } from './list-projects';
import { revokeKey } from './revoke-key';
import { updateProject } from './update-project';
import { projectView } from './views';
import { documented } from '../../plugins/external/swagger/openapi-document';
import { adminExamples } from './examples';

/** A path's integer id; anything else names nothing (404). */
function idOf(raw: string, onInvalid: () => Error): number {
  const id = parsePathId(raw);
  if (id === null) throw onInvalid();
  return id;
}
const keyNotFound = () => notFound('key_not_found', 'Key not found');

/** Admin API: operators manage projects and keys with the ADMIN_TOKEN. */
const adminRoutes: RoutePlugin = async (app) => {
  const deps = app.adminDeps;
  const config = { access: 'admin' as const };
  const tags = ['admin'];
  const errors = errorResponses('error');

  app.post(
    '/admin/projects',
    {
      config,
      schema: { ...documented({ summary: 'Create a project and its first keys', success: 'Created, with its API keys (shown once)', request: adminExamples.create, response: adminExamples.created }),
        tags,
        body: CreateProjectBody,
        response: { 201: withMessage(Type.Object({ project: ProjectSchema, keys: Type.Array(IssuedKeySchema) })), ...errors },
      },
    },
    async (request, reply) => {
      const { project, keys } = await createProject(deps, request.body);
      return reply.code(201).send({
        message: 'Project created',
        data: { project: projectView(project), keys: keys.map((k) => ({ id: k.id, scope: k.scope, key: k.key })) },
      });
    },
  );

  app.get(
    '/admin/projects',
    {
      config,
      schema: { ...documented({ summary: 'List projects', success: 'A page of projects', response: adminExamples.page }),
        tags,
        querystring: ListProjectsQuery,
        response: { 200: dataOnly(Type.Object({ projects: Type.Array(ProjectSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) })), ...errors },
      },
    },
    async (request) => {
      const { projects, nextCursor } = await listProjects(deps, { limit: request.query.limit, afterId: Number(request.query.cursor ?? 0) });
      return { data: { projects: projects.map(projectView), next_cursor: nextCursor } };
    },
  );

  app.get(
    '/admin/projects/:id',
    { config, schema: { ...documented({ summary: 'Get a project', success: 'The project', response: adminExamples.one }), tags, params: ProjectParams, response: { 200: dataOnly(ProjectSchema), ...errors } } },
    async (request) => ({ data: projectView(await getProject(deps, idOf(request.params.id, projectNotFound))) }),
  );

  app.patch(
    '/admin/projects/:id',
    { config, schema: { ...documented({ summary: 'Rename a project or change its settings', success: 'Updated', request: adminExamples.patch, response: adminExamples.updated }), tags, params: ProjectParams, body: UpdateProjectBody, response: { 200: withMessage(ProjectSchema), ...errors } } },
    async (request) => {
      const project = await updateProject(deps, idOf(request.params.id, projectNotFound), request.body);
      return { message: 'Project updated', data: projectView(project) };
    },
  );

  app.post(
    '/admin/projects/:id/keys',
    { config, schema: { ...documented({ summary: 'Create an API key', success: 'Created (the key is shown once)', request: adminExamples.keyRequest, response: adminExamples.key }), tags, params: ProjectParams, body: CreateKeyBody, response: { 201: withMessage(CreatedKeySchema), ...errors } } },
    async (request, reply) => {
      const key = await createKey(deps, idOf(request.params.id, projectNotFound), request.body.scope);
      return reply.code(201).send({
        message: 'Key created',
        data: { id: key.id, scope: key.scope, key: key.key, created_at: formatTimestamp(key.createdAt) },
      });
    },
  );

  app.delete(
    '/admin/projects/:id/keys/:key_id',
    { config, schema: { ...documented({ summary: 'Revoke an API key', success: 'Revoked', response: adminExamples.revoked }), tags, params: KeyParams, response: { 200: MessageOnly, ...errors } } },
    async (request) => {
      await revokeKey(deps, idOf(request.params.id, projectNotFound), idOf(request.params.key_id, keyNotFound));
      return { message: 'Key revoked' };
    },
  );
};

export default adminRoutes;
