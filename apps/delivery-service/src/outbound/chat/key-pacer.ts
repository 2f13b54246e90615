import type { Clock } from '@herald/service-kit';

/**
 * One message per `intervalMs` for each key (a Slack channel, a webhook URL), without waiting:
 * `reserve(key)` takes the key's next slot and answers 0 when the message may go now, else how
 * many milliseconds until its slot is free (nothing taken). A caller that must wait hands its
 * message back (the outbound job is tried again then), so one busy channel holds no other
 * channel, project or worker. Keys whose slot has passed are forgotten: memory follows the
 * channels sent to within the last interval.
 */
export function createKeyPacer(opts: { intervalMs: number; clock: Clock }) {
  /** Each key's earliest next send (epoch ms). */
  const nextAt = new Map<string, number>();
  let sweepAt = 0;

  const sweep = (now: number) => {
    if (now < sweepAt) return;
    for (const [key, at] of nextAt) if (at <= now) nextAt.delete(key);
    sweepAt = now + opts.intervalMs;
  };

  return {
    reserve(key: string): number {
      const now = opts.clock.now();
      sweep(now);
      const at = nextAt.get(key) ?? 0;
      if (at > now) return at - now;
      nextAt.set(key, now + opts.intervalMs);
      return 0;
    },
    /** Keys with a slot still ahead (for tests and gauges). */
    get size(): number {
      return nextAt.size;
    },
  };
}

export type KeyPacer = ReturnType<typeof createKeyPacer>;
