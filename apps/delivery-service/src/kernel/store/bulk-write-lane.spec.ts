import { createBulkWriteLane } from './bulk-write-lane';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
      await sleep(5);
      inFlight--;
      return s.length;
    };
    const [a, b] = await Promise.all([lane.write([1, 2, 3, 4, 5], write), lane.write([6, 7, 8], write)]);
    expect([a, b, most]).toEqual([5, 3, 1]);
  });

  it('when share is one half, then the lane stays closed after a slice about as long as the slice took', async () => {
    const lane = createBulkWriteLane({ share: 0.5, sliceSize: 1 });
    const starts: number[] = [];
    await lane.write([1, 2, 3], async () => {
      starts.push(Date.now());
      await sleep(40);
      return 1;
    });
    // Each slice takes 40 ms and is followed by a 40 ms pause: the next starts about 80 ms later.
    expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(75);
    expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(75);
  });

  it('when a slice fails, then the error reaches its writer and the lane stays usable', async () => {
    const lane = createBulkWriteLane({ share: 1, sliceSize: 1 });
    await expect(lane.write([1], async () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    await expect(lane.write([1, 2], async (s) => s.length)).resolves.toBe(2);
  });
});
