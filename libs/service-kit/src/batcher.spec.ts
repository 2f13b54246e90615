import { BatchItemFailure, createBatcher } from './batcher';

/** A promise with its resolve exposed. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createBatcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('when items arrive within the linger, then they go out as one batch and each gets its own result', async () => {
    const calls: number[][] = [];
    const b = createBatcher<number, number>({ lingerMs: 5, maxBatch: 10, run: async (items) => (calls.push(items), items.map((i) => i * 2)) });
    const results = Promise.all([b.add(1), b.add(2), b.add(3)]);
    await jest.advanceTimersByTimeAsync(5);
    await expect(results).resolves.toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('when maxBatch items wait, then the batch leaves at once without waiting for the linger', async () => {
    const calls: number[][] = [];
    const b = createBatcher<number, number>({ lingerMs: 1_000, maxBatch: 2, run: async (items) => (calls.push(items), items) });
    const r = Promise.all([b.add(1), b.add(2)]);
    await Promise.resolve();
    expect(calls).toEqual([[1, 2]]);
    await expect(r).resolves.toEqual([1, 2]);
  });

  it('when one item fails alone, then only its caller gets the error', async () => {
    const b = createBatcher<number, number>({ lingerMs: 1, maxBatch: 10, run: async (items) => items.map((i) => (i === 2 ? new BatchItemFailure(new Error('bad 2')) : i)) });
    const [a, bad, c] = await Promise.allSettled([b.add(1), b.add(2), b.add(3)].map((p) => (jest.advanceTimersByTime(1), p)));
    expect(a).toEqual({ status: 'fulfilled', value: 1 });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('bad 2') });
    expect(c).toEqual({ status: 'fulfilled', value: 3 });
  });

  it('when run throws, then every item of that batch is rejected and the next batch still runs', async () => {
    let n = 0;
    const b = createBatcher<number, number>({ lingerMs: 1, maxBatch: 10, run: async (items) => { if (n++ === 0) throw new Error('store down'); return items; } });
    const first = Promise.allSettled([b.add(1), b.add(2)]);
    await jest.advanceTimersByTimeAsync(1);
    expect((await first).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const second = b.add(3);
    await jest.advanceTimersByTimeAsync(1);
    await expect(second).resolves.toBe(3);
  });

  it('when a batch is in flight (concurrency 1), then arrivals wait and leave together, in order, right after it', async () => {
    const calls: number[][] = [];
    const gate = deferred();
    const b = createBatcher<number, number>({
      lingerMs: 1,
      maxBatch: 10,
      run: async (items) => {
        calls.push(items);
        if (calls.length === 1) await gate.promise;
        return items;
      },
    });
    const first = b.add(1);
    await jest.advanceTimersByTimeAsync(1);
    const later = [b.add(2), b.add(3), b.add(4)];
    await jest.advanceTimersByTimeAsync(50);
    expect(calls).toEqual([[1]]);
    gate.resolve();
    await expect(Promise.all([first, ...later])).resolves.toEqual([1, 2, 3, 4]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
  });

  it('when groups differ, then they are batched apart and in flight independently', async () => {
    const calls: [string, number[]][] = [];
    const b = createBatcher<number, number, string>({ lingerMs: 1, maxBatch: 10, run: async (items, g) => (calls.push([g, items]), items) });
    const r = Promise.all([b.add(1, 'a'), b.add(2, 'b'), b.add(3, 'a')]);
    await jest.advanceTimersByTimeAsync(1);
    await r;
    expect(calls.sort()).toEqual([['a', [1, 3]], ['b', [2]]]);
  });

  it('when concurrency is 2, then two batches are in flight at once', async () => {
    const gates = [deferred(), deferred()];
    let running = 0;
    let most = 0;
    const b = createBatcher<number, number>({
      lingerMs: 1,
      maxBatch: 1,
      concurrency: 2,
      run: async (items) => {
        running += 1;
        most = Math.max(most, running);
        await gates[items[0] - 1]?.promise;
        running -= 1;
        return items;
      },
    });
    const r = Promise.all([b.add(1), b.add(2), b.add(3)]);
    await Promise.resolve();
    expect(most).toBe(2);
    gates.forEach((g) => g.resolve());
    await expect(r).resolves.toEqual([1, 2, 3]);
    expect(b.size()).toBe(0);
  });
});
