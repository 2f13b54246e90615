import { randomUUID } from 'node:crypto';
import type { Logger } from '@herald/service-kit';

/**
 * The firing loop of one replica (issue 21): in each lease epoch (`leaseMs` long) the replica that
 * inserted the epoch's lease polls every `everyMs`, running passes back to back while they come back
 * full. Other replicas only try the next epoch's lease, so a dead firer is replaced within one
 * epoch. The lease saves polling; exactly-once never rests on it (fates decide each timer).
 */
export function startTimerRunner(opts: {
  logger: Logger;
  fireDue: () => Promise<number>;
  holdEpoch: (epoch: number, owner: string) => Promise<boolean>;
  batch: number;
  everyMs: number;
  leaseMs: number;
}) {
  const owner = randomUUID();
  let stopped = false;
  let wake: (() => void) | null = null;
  let held = { epoch: -1, mine: false };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      t.unref();
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      try {
        const epoch = Math.floor(Date.now() / opts.leaseMs);
        if (held.epoch !== epoch) held = { epoch, mine: await opts.holdEpoch(epoch, owner) };
        if (held.mine) while (!stopped && (await opts.fireDue()) >= opts.batch);
      } catch (err) {
        opts.logger.warn({ err }, 'timer pass failed');
      }
      if (!stopped) await sleep(opts.everyMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
