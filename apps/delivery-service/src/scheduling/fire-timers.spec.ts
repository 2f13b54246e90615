import type { TimerCursor, TimerDoc } from '../kernel/store/timer-repository';
import { createFireTimers } from './fire-timers';

const BATCH = 10;
const NOW = 1_000_000;

/**
 * An in-memory timer store with the repository's semantics (due order (due_ms, _id), fates by
 * unique insert) and a job publisher whose publishes take `publishTicks` turns of the event loop; records what each pass read
 * and how many hand-offs ran at once.
 */
function world(opts: { timers: number; publishTicks?: number; failPublishOnce?: boolean }) {
  const timers = new Map<string, TimerDoc>();
  const fates = new Map<string, { _id: string; fate: 'fired' | 'canceled'; at: Date }>();
  const add = (ref: number, dueMs = NOW - 1) =>
    timers.set(`send:${String(ref).padStart(6, '0')}`, { _id: `send:${String(ref).padStart(6, '0')}`, kind: 'send', project_id: 1, ref, due_ms: dueMs, send: { id: ref } as never, created_at: new Date() });
  for (let i = 0; i < opts.timers; i++) add(i);
  const reads: string[][] = [];
  const published: string[] = [];
  let publishing = 0;
  let maxPublishing = 0;
  let failOnce = opts.failPublishOnce ?? false;
  const order = (a: TimerDoc, b: TimerDoc) => a.due_ms - b.due_ms || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
  const tick = () => new Promise((r) => setImmediate(r));
  const clock = { ms: NOW };
  const deps = {
    now: () => new Date(clock.ms),
    settings: { maxActiveBroadcasts: 0 },
    metrics: { timerFired: jest.fn() },
    timers: {
      async dueProjects(nowMs: number, limit: number, after?: number) {
        await tick();
        return [...timers.values()].some((t) => t.due_ms <= nowMs) && (after === undefined || after < 1) && limit > 0 ? [1] : [];
      },
      async due(_projectId: number, nowMs: number, limit: number, after?: TimerCursor) {
        await tick();
        const out = [...timers.values()]
          .filter((t) => t.due_ms <= nowMs && (!after || t.due_ms > after.dueMs || (t.due_ms === after.dueMs && t._id > after.id)))
          .sort(order)
          .slice(0, limit);
        reads.push(out.map((t) => t._id));
        return out;
      },
      async decide(ids: string[], fate: 'fired' | 'canceled', at: Date) {
        await tick();
        const won = new Set<string>();
        for (const id of ids.filter((i) => !fates.has(i))) {
          fates.set(id, { _id: id, fate, at });
          won.add(id);
        }
        return { won, before: new Map(ids.filter((id) => !won.has(id)).map((id) => [id, fates.get(id)!])) };
      },
      async remove(ids: string[]) {
        await tick();
        for (const id of ids) timers.delete(id);
      },
    },
    jobs: {
      async send(_send: unknown, o: { msgId: string }) {
        publishing++;
        maxPublishing = Math.max(maxPublishing, publishing);
        for (let i = 0; i < (opts.publishTicks ?? 1); i++) await tick();
        publishing--;
        if (failOnce) {
          failOnce = false;
          throw new Error('broker away');
        }
        published.push(o.msgId);
      },
    },
  };
  const fireDue = createFireTimers(deps as never, { batch: BATCH, redoAfterMs: 10_000, slotRetryMs: 5_000, slotLeaseMs: 60_000 });
  /** Passes back to back while they come back full, as the runner does; then waits for the hand-offs. */
  const burst = async () => {
    while ((await fireDue()) >= BATCH);
    await fireDue.settle();
  };
  return { timers, reads, published, add, fireDue, burst, clock, maxPublishing: () => maxPublishing };
}

describe('firing pass: a burst is pipelined', () => {
  it('when 95 timers are due, then each is read by one pass only, handed on once and removed, with at most two hand-offs publishing at once', async () => {
    const w = world({ timers: 95, publishTicks: 10 });
    await w.burst();
    const read = w.reads.flat();
    expect(read).toHaveLength(95);
    expect(new Set(read).size).toBe(95);
    expect(w.published).toHaveLength(95);
    expect(new Set(w.published).size).toBe(95);
    expect(w.timers.size).toBe(0);
    // 64 publishes at once per hand-off (publish-each), at most two hand-offs: never more than 2 × BATCH.
    expect(w.maxPublishing()).toBeGreaterThan(BATCH);
    expect(w.maxPublishing()).toBeLessThanOrEqual(2 * BATCH);
  });

  it('when a timer already due is inserted behind the cursor during a burst, then the pass after the burst reads it', async () => {
    const w = world({ timers: 35 });
    expect(await w.fireDue()).toBe(BATCH); // read send:000000..000009, the cursor after send:000009
    w.add(-1, NOW - 5); // due before anything read: behind the cursor
    await w.burst();
    expect(w.published).not.toContain('fire:send:0000-1');
    await w.burst();
    expect(w.published).toContain('fire:send:0000-1');
    expect(w.published).toHaveLength(36);
    expect(w.timers.size).toBe(0);
  });

  it('when a hand-off fails, then the next pass throws it, the other timers still fire, and the failed ones are handed on again after TIMER_REDO_AFTER_MS', async () => {
    const w = world({ timers: 25, failPublishOnce: true });
    expect(await w.fireDue()).toBe(BATCH);
    await w.fireDue.settle();
    await expect(w.fireDue()).rejects.toThrow('broker away');
    // The failed batch keeps its timers (fate `fired` a moment ago: left to the redo); the passes read past them.
    for (let i = 0; i < 4; i++) await w.burst();
    expect(w.timers.size).toBe(BATCH);
    expect(w.published).toHaveLength(BATCH - 1 + 15);
    w.clock.ms += 10_000;
    await w.burst();
    expect(w.timers.size).toBe(0);
    expect(new Set(w.published).size).toBe(25);
  });
});
