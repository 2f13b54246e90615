import { Type } from '@sinclair/typebox';
import { KEY_SCOPES } from '../../plugins/app/auth/api-key';
import { ProjectSettingsPatchSchema, ProjectSettingsSchema } from '../../plugins/app/credentials/project-settings';
import { Timestamp } from '../shared/schemas';

export const ProjectSchema = Type.Object(
  { id: Type.Integer(), name: Type.String(), settings: ProjectSettingsSchema, created_at: Timestamp, updated_at: Timestamp },
  { title: 'Project' },
);

const Name = Type.String({ minLength: 1, maxLength: 256 });
const Scope = Type.Union(KEY_SCOPES.map((s) => Type.Literal(s)));

export const CreateProjectBody = Type.Object({ name: Name, settings: Type.Optional(ProjectSettingsPatchSchema) });
export const UpdateProjectBody = Type.Object({ name: Type.Optional(Name), settings: Type.Optional(ProjectSettingsPatchSchema) });
export const CreateKeyBody = Type.Object({ scope: Scope });

/** `GET /admin/projects`: the cursor is the `next_cursor` of the previous page (a project id). */
export const ListProjectsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 50 }),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
});

/** Path ids stay text: a non-integer id is a 404, like an unknown one. */
export const ProjectParams = Type.Object({ id: Type.String({ examples: ['1'] }) });
export const KeyParams = Type.Object({ id: Type.String({ examples: ['1'] }), key_id: Type.String({ examples: ['2'] }) });

export const IssuedKeySchema = Type.Object({ id: Type.Integer(), scope: Scope, key: Type.String() });
export const CreatedKeySchema = Type.Object({ id: Type.Integer(), scope: Scope, key: Type.String(), created_at: Timestamp });
