import { sleep, systemClock } from '@herald/service-kit';
import { startTimerRunner } from './timer-runner';

const LEASE_MS = 100;
const BATCH = 10;
const logger = { warn: jest.fn() } as never;

/**
 * Replicas sharing one lease table (the store's unique insert), each with a firing pass that takes
 * `passMs` (on jest's fake timers) and comes back full `fullPasses` times in all (a burst of due timers), then empty.
 */
function replicas(count: number, opts: { passMs: number; fullPasses: number }) {
  const leases = new Map<number, string>();
  let full = opts.fullPasses;
  let active = 0;
  const state = { maxActive: 0, passes: [] as { replica: number; at: number }[] };
  const runners = Array.from({ length: count }, (_, replica) =>
    startTimerRunner({
      logger,
      batch: BATCH,
      everyMs: 10,
      leaseMs: LEASE_MS,
      // The system clock under jest's fake timers.
      clock: systemClock,
      holdEpoch: async (epoch, owner) => {
        if (!leases.has(epoch)) leases.set(epoch, owner);
        return leases.get(epoch) === owner;
      },
      fireDue: async () => {
        state.passes.push({ replica, at: Date.now() });
        active++;
        state.maxActive = Math.max(state.maxActive, active);
        await sleep(opts.passMs);
        active--;
        if (full <= 0) return 0;
        full--;
        return BATCH;
      },
    }),
  );
  return { runners, state };
}

/** Stops runners while the fake clock moves on (a runner in a pass stops when its pass ends). */
async function stopAll(runners: { stop(): Promise<void> }[]) {
  const stopping = Promise.all(runners.map((r) => r.stop()));
  await jest.advanceTimersByTimeAsync(1_000);
  await stopping;
}

describe('timer runner: one firer at a time', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each([
    { passMs: 10, offset: 0, what: 'passes shorter than an epoch' },
    { passMs: 10, offset: 95, what: 'passes shorter than an epoch, starting at the end of one' },
    { passMs: 250, offset: 0, what: 'passes that outlast two epochs (a loaded store)' },
    { passMs: 250, offset: 95, what: 'passes that outlast two epochs, starting at the end of one' },
  ])('when a burst is due and $what, then one replica fires it all and no two passes ever overlap', async ({ passMs, offset }) => {
    jest.setSystemTime(Math.floor(Date.now() / LEASE_MS) * LEASE_MS + LEASE_MS + offset);
    const { runners, state } = replicas(3, { passMs, fullPasses: 20 });
    await jest.advanceTimersByTimeAsync(20 * passMs + 20 * LEASE_MS);
    await stopAll(runners);
    expect(state.maxActive).toBe(1);
    expect(new Set(state.passes.map((p) => p.replica)).size).toBe(1);
    expect(state.passes.length).toBeGreaterThan(20);
  });

  it('when the firer stops, then another replica fires within two epochs', async () => {
    const { runners, state } = replicas(2, { passMs: 5, fullPasses: 0 });
    await jest.advanceTimersByTimeAsync(5 * LEASE_MS);
    const firer = state.passes[0].replica;
    expect(state.passes.every((p) => p.replica === firer)).toBe(true);
    await stopAll([runners[firer]]);
    const stoppedAt = Date.now();
    await jest.advanceTimersByTimeAsync(5 * LEASE_MS);
    const takeover = state.passes.find((p) => p.replica !== firer);
    expect(takeover).toBeDefined();
    expect(takeover!.at - stoppedAt).toBeLessThanOrEqual(2 * LEASE_MS + 10);
    await stopAll([runners[1 - firer]]);
  });
});
