import type { Db } from 'mongodb';
import { mergeSettings, type ProjectSettings } from './project-settings';

export interface Project {
  id: number;
  name: string;
  settings: ProjectSettings;
  createdAt: Date;
  updatedAt: Date;
}

interface ProjectDoc {
  _id: number;
  name: string;
  settings: ProjectSettings;
  created_at: Date;
  updated_at: Date;
}

const toProject = (d: ProjectDoc): Project => ({
  id: d._id,
  name: d.name,
  // Documents written before a setting existed read as its default.
  settings: mergeSettings(d.settings),
  createdAt: d.created_at,
  updatedAt: d.updated_at,
});

/** Projects of the gateway's own database. `_id` lookups and `_id`-ordered pages: the `_id` index serves both. */
export function createProjectRepository(db: Db) {
  const projects = db.collection<ProjectDoc>('projects');
  return {
    async insert(p: Project): Promise<void> {
      await projects.insertOne({ _id: p.id, name: p.name, settings: p.settings, created_at: p.createdAt, updated_at: p.updatedAt });
    },
    async findById(id: number): Promise<Project | null> {
      const doc = await projects.findOne({ _id: id });
      return doc ? toProject(doc) : null;
    },
    /** A page of projects in id order after `afterId` (`GET /admin/projects`). */
    async listAfter(afterId: number, limit: number): Promise<Project[]> {
      const docs = await projects.find({ _id: { $gt: afterId } }).sort({ _id: 1 }).limit(limit).toArray();
      return docs.map(toProject);
    },
    async update(id: number, set: { name?: string; settings?: ProjectSettings; updatedAt: Date }): Promise<Project | null> {
      const $set: Partial<ProjectDoc> = { updated_at: set.updatedAt };
      if (set.name !== undefined) $set.name = set.name;
      if (set.settings !== undefined) $set.settings = set.settings;
      const doc = await projects.findOneAndUpdate({ _id: id }, { $set }, { returnDocument: 'after' });
      return doc ? toProject(doc) : null;
    },
  };
}
export type ProjectRepository = ReturnType<typeof createProjectRepository>;
