import type { Sequences } from '@herald/service-kit';
import type { KeyRepository } from './key-repository';
import type { ProjectRepository } from './project-repository';

/** What the admin use cases work with; built once by the app from its real dependencies. */
export interface AdminDeps {
  projects: ProjectRepository;
  keys: KeyRepository;
  sequences: Sequences;
  now: () => Date;
  /** Tells every replica a key (and the recipient tokens it minted) no longer authenticates; resolves once sent. */
  announceKeyRevoked: (hash: string, id: number) => Promise<void>;
  /** Drops cached settings of a project on this replica at once and tells every other replica; resolves once sent. */
  projectChanged: (id: number) => Promise<void>;
}

/** Whole seconds: timestamps are shown with second precision, so they are stored that way too. */
export const wholeSeconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
