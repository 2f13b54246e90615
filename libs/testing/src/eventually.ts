/**
 * Waits on a condition, never on a clock: calls `probe` until it returns something other than
 * `undefined`, `null` or `false` (and does not throw), and resolves with that value. Probes start
 * 10 ms apart and back off to 250 ms, so a fast condition costs little and a slow one (a loaded
 * machine) does not flood what it polls. `timeoutMs` only turns a condition that never holds into a
 * failure naming it (with the last value or error seen) instead of a bare jest timeout: keep it
 * generous, it is not a latency bound.
 */
export async function eventually<T>(what: string, probe: () => T | Promise<T>, { timeoutMs = 30_000 }: { timeoutMs?: number } = {}): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  let pause = 10;
  let last: unknown = undefined;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value as Exclude<T, undefined | null | false>;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      const seen = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`${what}: not reached within ${timeoutMs} ms (last: ${seen?.slice(0, 500)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(250, Math.ceil(pause * 1.5));
  }
}
