import { randomUUID } from 'node:crypto';
import { sleep, type Clock, type Logger } from '@herald/service-kit';

/**
 * The firing loop of one replica. Time is cut into lease epochs (`leaseMs` long); the
 * replica that inserted an epoch's lease fires in it: it polls every `everyMs` and runs passes back
 * to back while they come back full, checking before each pass that the epoch it is in is still
 * its own. While it holds an epoch it also claims the next one, every quarter epoch whatever its
 * passes are doing (a pass can outlast an epoch under load): the firer keeps firing, and another
 * replica never starts passes beside it (they would read the same due timers and lose every one
 * of them, doubling the store's work exactly when it is busiest). The other replicas only try each
 * epoch's lease as it begins, so a dead firer is replaced within two epochs. The lease saves
 * polling and duplicate passes; exactly-once never rests on it (fates decide each timer).
 */
export function startTimerRunner(opts: {
  logger: Logger;
  /** One firing pass: how many due timers it moved on (a full batch: the next pass at once). `settle`: waits for work a pass left running. */
  fireDue: { (): Promise<number>; settle?: () => Promise<void> };
  holdEpoch: (epoch: number, owner: string) => Promise<boolean>;
  batch: number;
  everyMs: number;
  leaseMs: number;
  clock: Clock;
}) {
  const owner = randomUUID();
  const epochNow = () => Math.floor(opts.clock.now() / opts.leaseMs);
  let stopped = false;
  const stopping = new AbortController();

  // Whether this replica holds an epoch: asked of the store once per epoch (a failed ask is asked again).
  const asked = new Map<number, Promise<boolean>>();
  const holds = (epoch: number): Promise<boolean> => {
    let answer = asked.get(epoch);
    if (!answer) {
      answer = opts.holdEpoch(epoch, owner);
      answer.catch(() => asked.delete(epoch));
      asked.set(epoch, answer);
      for (const e of asked.keys()) if (e < epoch - 2) asked.delete(e);
    }
    return answer;
  };

  /** Whether this replica fires now; if so, it claims the next epoch at once (before any other replica tries it). */
  const holdsNow = async (): Promise<boolean> => {
    const epoch = epochNow();
    if (!(await holds(epoch))) return false;
    void holds(epoch + 1);
    return true;
  };

  // While it holds an epoch, the firer claims the next one again and again, whatever its passes do
  // (once per epoch reaches the store: the answers are kept).
  let claiming = false;
  const keeper = setInterval(
    () => {
      if (stopped || claiming) return;
      const epoch = epochNow();
      const current = asked.get(epoch);
      if (!current) return;
      claiming = true;
      current
        .then((mine) => (mine ? holds(epoch + 1) : false))
        .catch((err: unknown) => opts.logger.warn({ err }, 'timer lease claim failed'))
        .finally(() => (claiming = false));
    },
    Math.max(10, Math.floor(opts.leaseMs / 4)),
  );
  keeper.unref();

  const loop = (async () => {
    while (!stopped) {
      try {
        while (!stopped && (await holdsNow()) && (await opts.fireDue()) >= opts.batch);
      } catch (err) {
        opts.logger.warn({ err }, 'timer pass failed');
      }
      if (!stopped) await sleep(opts.everyMs, { clock: opts.clock, signal: stopping.signal }).catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopped = true;
      clearInterval(keeper);
      stopping.abort();
      await loop;
      await opts.fireDue.settle?.();
    },
  };
}
