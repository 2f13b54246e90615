import { formatTimestamp } from '../shared/timestamps';
import type { Project } from '../../plugins/app/credentials/project-repository';

export const projectView = (p: Project) => ({
  id: p.id,
  name: p.name,
  settings: p.settings,
  created_at: formatTimestamp(p.createdAt),
  updated_at: formatTimestamp(p.updatedAt),
});
