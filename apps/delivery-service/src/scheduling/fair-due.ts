import type { TimerCursor, TimerDoc, TimerRepository } from '../kernel/store/timer-repository';

/** Projects served by one pass; past it, the next pass serves the next ones (round robin). */
export const PROJECTS_PER_PASS = 50;

/** Where a burst stopped reading each project's timers. */
export type BurstCursors = Map<number, TimerCursor>;

const cursorAfter = (docs: TimerDoc[]): TimerCursor | undefined => {
  const last = docs.at(-1);
  return last ? { dueMs: last.due_ms, id: last._id } : undefined;
};

/**
 * The due read of a firing pass, fair across projects: each project with due timers gets its
 * share of the batch (the batch split evenly, then what the projects with fewer left is split
 * among those with more), so a project with a million timers due delays another project's by one
 * pass at most. Past PROJECTS_PER_PASS projects, passes take them round robin. `cursors` holds
 * where the burst stopped in each project (updated here); empty: read from the start.
 */
export function createFairDue(timers: Pick<TimerRepository, 'due' | 'dueProjects'>) {
  let lastServed: number | undefined;

  const projectsDue = async (nowMs: number): Promise<number[]> => {
    const next = await timers.dueProjects(nowMs, PROJECTS_PER_PASS, lastServed);
    const wrapped = next.length < PROJECTS_PER_PASS && lastServed !== undefined ? await timers.dueProjects(nowMs, PROJECTS_PER_PASS - next.length) : [];
    const projects = [...new Set([...next, ...wrapped])];
    lastServed = projects.length >= PROJECTS_PER_PASS ? projects.at(-1) : undefined;
    return projects;
  };

  return async (nowMs: number, batch: number, cursors: BurstCursors): Promise<TimerDoc[]> => {
    const projects = await projectsDue(nowMs);
    if (projects.length === 0) return [];
    const share = Math.ceil(batch / projects.length);
    const read = await Promise.all(projects.map((p) => timers.due(p, nowMs, share, cursors.get(p))));
    const left = batch - read.reduce((n, docs) => n + docs.length, 0);
    const fuller = read.flatMap((docs, i) => (docs.length >= share ? [i] : []));
    if (left > 0 && fuller.length > 0) {
      const more = Math.ceil(left / fuller.length);
      const extra = await Promise.all(fuller.map((i) => timers.due(projects[i], nowMs, more, cursorAfter(read[i]))));
      fuller.forEach((i, k) => read[i].push(...extra[k]));
    }
    projects.forEach((p, i) => {
      const at = cursorAfter(read[i]);
      if (at) cursors.set(p, at);
    });
    return read.flat();
  };
}
