import { createFakeClock } from './clock';
import { sleep } from './sleep';

/** Whether `p` has settled once pending callbacks ran (a fake clock fires synchronously, promises settle in microtasks). */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('sleep', () => {
  it.each([
    [1_000, 999, false],
    [1_000, 1_000, true],
    [1_000, 5_000, true],
    [0, 0, true],
  ])('when sleeping %i ms on a fake clock advanced %i ms, then it has resolved: %p', async (ms, advance, want) => {
    const clock = createFakeClock();
    const slept = sleep(ms, { clock });
    clock.advance(advance);
    expect(await settled(slept)).toBe(want);
  });

  it('when several sleeps share a fake clock, then each resolves at its own due time', async () => {
    const clock = createFakeClock();
    const woke: number[] = [];
    const all = [300, 100, 200].map((ms) => sleep(ms, { clock }).then(() => woke.push(ms)));
    clock.advance(150);
    await settled(Promise.resolve());
    expect(woke).toEqual([100]);
    clock.set(clock.now() + 1_000);
    await Promise.all(all);
    expect(woke).toEqual([100, 200, 300]);
  });

  it('when the signal aborts, then it rejects with the signal reason and never resolves', async () => {
    const clock = createFakeClock();
    const ac = new AbortController();
    const slept = sleep(1_000, { clock, signal: ac.signal });
    ac.abort(new Error('shutting down'));
    await expect(slept).rejects.toThrow('shutting down');
    clock.advance(2_000);
  });

  it('when the signal was already aborted, then it rejects at once', async () => {
    const ac = new AbortController();
    ac.abort(new Error('gone'));
    await expect(sleep(60_000, { signal: ac.signal })).rejects.toThrow('gone');
  });

  it('when no clock is given, then it waits on a real timer', async () => {
    await expect(sleep(0)).resolves.toBeUndefined();
  });

  it('when a real sleep is aborted, then its timer is cleared and it rejects', async () => {
    const ac = new AbortController();
    const slept = sleep(60_000, { signal: ac.signal });
    ac.abort(new Error('stop'));
    await expect(slept).rejects.toThrow('stop');
  });
});
