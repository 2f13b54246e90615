import { createFakeClock } from '@herald/service-kit';
import { eventually } from '@herald/testing';
import { createBulkWriteLane } from './bulk-write-lane';
import { createWriteDemand } from './write-demand';

/** Lets every other task waiting on the event loop run (a write in flight, as a store's would be). */
const yieldToOthers = () => new Promise((r) => setImmediate(r));

describe('bulk write lane', () => {
  it('when documents are written, then they go in slices of at most sliceSize and the counts add up', async () => {
    const lane = createBulkWriteLane({ share: 1, sliceSize: 3 });
    const slices: number[][] = [];
    const n = await lane.write([1, 2, 3, 4, 5, 6, 7], async (s) => (slices.push(s), s.length));
    expect(slices).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(n).toBe(7);
  });

  it('when two bulk writers share the lane, then their slices never overlap', async () => {
    const lane = createBulkWriteLane({ share: 1, sliceSize: 2 });
    let inFlight = 0;
    let most = 0;
    const write = async (s: number[]) => {
      most = Math.max(most, ++inFlight);
      for (let i = 0; i < 5; i++) await yieldToOthers();
      inFlight--;
      return s.length;
    };
    const [a, b] = await Promise.all([lane.write([1, 2, 3, 4, 5], write), lane.write([6, 7, 8], write)]);
    expect([a, b, most]).toEqual([5, 3, 1]);
  });

  it('when share is one half, then the lane stays closed after a slice as long as the slice took', async () => {
    const clock = createFakeClock();
    const pauses: number[] = [];
    const lane = createBulkWriteLane({ share: 0.5, sliceSize: 1, clock, onPause: (ms) => pauses.push(ms) });
    const starts: number[] = [];
    const written = lane.write([1, 2, 3], async () => {
      starts.push(clock.now());
      clock.advance(40);
      return 1;
    });
    // Each slice takes 40 ms and is followed by a 40 ms pause: the next starts 80 ms later.
    for (let slice = 1; slice <= 3; slice++) {
      await eventually(`the pause after slice ${slice}`, () => pauses.length === slice);
      expect(starts).toHaveLength(slice);
      clock.advance(pauses[slice - 1]);
    }
    await expect(written).resolves.toBe(3);
    expect(pauses).toEqual([40, 40, 40]);
    expect(starts[1] - starts[0]).toBe(80);
    expect(starts[2] - starts[1]).toBe(80);
  });

  it('when nothing else writes during the slices, then the lane never pauses and each slice follows the last at once', async () => {
    const clock = createFakeClock();
    const pauses: number[] = [];
    const lane = createBulkWriteLane({ share: 0.5, sliceSize: 1, clock, demand: createWriteDemand(), onPause: (ms) => pauses.push(ms) });
    const starts: number[] = [];
    const n = await lane.write([1, 2, 3], async () => {
      starts.push(clock.now());
      clock.advance(40);
      return 1;
    });
    expect([n, pauses]).toEqual([3, []]);
    expect(starts.map((t) => t - starts[0])).toEqual([0, 40, 80]);
  });

  it('when another write starts during a slice, then only that slice is followed by a pause of the share', async () => {
    const clock = createFakeClock();
    const demand = createWriteDemand();
    const pauses: number[] = [];
    const lane = createBulkWriteLane({ share: 0.25, sliceSize: 1, clock, demand, onPause: (ms) => pauses.push(ms) });
    const starts: number[] = [];
    const written = lane.write([1, 2, 3], async (s) => {
      starts.push(clock.now());
      // A direct send's insert starts (and ends) while the second slice is written.
      if (s[0] === 2) await demand.during(async () => undefined);
      clock.advance(40);
      return 1;
    });
    // share 1/4: the second slice's 40 ms are followed by 3 × 40 ms closed; the third starts after them.
    await eventually('the pause after the second slice', () => pauses.length === 1);
    expect(starts).toHaveLength(2);
    clock.advance(pauses[0]);
    await expect(written).resolves.toBe(3);
    expect(pauses).toEqual([120]);
    expect(starts.map((t) => t - starts[0])).toEqual([0, 40, 200]);
  });

  it('when another write is still in flight as a slice starts, then that slice is followed by a pause', async () => {
    const clock = createFakeClock();
    const demand = createWriteDemand();
    const pauses: number[] = [];
    const lane = createBulkWriteLane({ share: 0.5, sliceSize: 1, clock, demand, onPause: (ms) => pauses.push(ms) });
    let finishOther!: () => void;
    const other = demand.during(() => new Promise<void>((r) => (finishOther = r)));
    const written = lane.write([1], async () => {
      clock.advance(30);
      return 1;
    });
    await eventually('the pause after the slice', () => pauses.length === 1);
    finishOther();
    await other;
    clock.advance(pauses[0]);
    await expect(written).resolves.toBe(1);
    expect(pauses).toEqual([30]);
    expect(demand.seen()).toEqual({ started: 1, inFlight: 0 });
  });

  it('when a slice fails, then the error reaches its writer and the lane stays usable', async () => {
    const lane = createBulkWriteLane({ share: 1, sliceSize: 1 });
    await expect(lane.write([1], async () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    await expect(lane.write([1, 2], async (s) => s.length)).resolves.toBe(2);
  });
});
