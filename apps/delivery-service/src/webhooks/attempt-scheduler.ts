/**
 * The dispatcher's attempt slots, shared fairly: at most `total` attempts in flight in the process,
 * `perProject` of them for one project and `perEndpoint` for one endpoint; waiting attempts are
 * started project by project in turn (round robin), so a project with a long queue of slow
 * endpoints neither holds every slot nor delays another project's next attempt by more than one
 * free slot. Each project (and endpoint) may keep a bounded queue; past it, `offer` refuses and the
 * caller writes the attempt down for later (the poller takes it when there is room).
 */
export interface SchedulerLimits {
  total: number;
  perProject: number;
  perEndpoint: number;
  /** Attempts waiting at most, per project and per endpoint. */
  queuedPerProject: number;
  queuedPerEndpoint: number;
  /** Attempts waiting at most in all: past it `room()` holds the fan-out back. */
  queuedTotal: number;
}

export interface Task {
  projectId: number;
  webhookId: number;
  run: () => Promise<void>;
}

interface Load {
  active: number;
  queued: number;
}

export function createAttemptScheduler(limits: SchedulerLimits) {
  const queues = new Map<number, Task[]>();
  /** Projects with waiting tasks, in turn order. */
  const turn: number[] = [];
  const projects = new Map<number, Load>();
  const endpoints = new Map<number, Load>();
  let active = 0;
  let queued = 0;
  const roomWaiters: (() => void)[] = [];
  const idleWaiters: (() => void)[] = [];

  const load = (m: Map<number, Load>, id: number) => m.get(id) ?? { active: 0, queued: 0 };
  const change = (m: Map<number, Load>, id: number, da: number, dq: number) => {
    const l = load(m, id);
    const next = { active: l.active + da, queued: l.queued + dq };
    if (next.active === 0 && next.queued === 0) m.delete(id);
    else m.set(id, next);
  };
  const hasRoom = () => queued < limits.queuedTotal;

  /** The next task that may start: the first project in turn with a free slot and a task whose endpoint has one. */
  function next(): Task | undefined {
    for (let i = 0; i < turn.length; i++) {
      const projectId = turn[i];
      if (load(projects, projectId).active >= limits.perProject) continue;
      const q = queues.get(projectId)!;
      const at = q.findIndex((t) => load(endpoints, t.webhookId).active < limits.perEndpoint);
      if (at < 0) continue;
      const [task] = q.splice(at, 1);
      // This project goes to the back of the turn (or leaves it when it has nothing more waiting).
      turn.splice(i, 1);
      if (q.length > 0) turn.push(projectId);
      else queues.delete(projectId);
      return task;
    }
    return undefined;
  }

  function pump(): void {
    while (active < limits.total) {
      const task = next();
      if (!task) return;
      active++;
      queued--;
      change(projects, task.projectId, 1, -1);
      change(endpoints, task.webhookId, 1, -1);
      void task.run().finally(() => {
        active--;
        change(projects, task.projectId, -1, 0);
        change(endpoints, task.webhookId, -1, 0);
        pump();
        if (hasRoom()) roomWaiters.splice(0).forEach((w) => w());
        if (active === 0 && queued === 0) idleWaiters.splice(0).forEach((w) => w());
      });
    }
  }

  return {
    /** Queues a task (it runs when a slot of its project and endpoint is free); false when its project's or endpoint's queue is full. */
    offer(task: Task): boolean {
      if (load(projects, task.projectId).queued >= limits.queuedPerProject || load(endpoints, task.webhookId).queued >= limits.queuedPerEndpoint) return false;
      queued++;
      change(projects, task.projectId, 0, 1);
      change(endpoints, task.webhookId, 0, 1);
      const q = queues.get(task.projectId);
      if (q) q.push(task);
      else {
        queues.set(task.projectId, [task]);
        turn.push(task.projectId);
      }
      pump();
      return true;
    },
    /**
     * How many more attempts of this endpoint (of this project) are worth taking now: enough to fill
     * its free slots and one more round, no more (a delivery taken waits under a lease).
     */
    roomFor(projectId: number, webhookId: number): number {
      const p = load(projects, projectId);
      const e = load(endpoints, webhookId);
      return Math.max(0, Math.min(2 * limits.perProject - p.active - p.queued, 2 * limits.perEndpoint - e.active - e.queued));
    },
    /** Projects and endpoints with no room (the poller leaves their deliveries for later). */
    full(): { projects: number[]; webhooks: number[] } {
      return {
        projects: [...projects].filter(([, l]) => l.active + l.queued >= 2 * limits.perProject).map(([id]) => id),
        webhooks: [...endpoints].filter(([, l]) => l.active + l.queued >= 2 * limits.perEndpoint).map(([id]) => id),
      };
    },
    hasRoom,
    /** Resolves once fewer than `queuedTotal` attempts wait. */
    room: () => new Promise<void>((r) => (hasRoom() ? r() : roomWaiters.push(r))),
    /** Resolves when nothing waits or runs. */
    idle: () => (active === 0 && queued === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r))),
    get active() {
      return active;
    },
  };
}

export type AttemptScheduler = ReturnType<typeof createAttemptScheduler>;
