/**
 * The one micro-batcher of the services: concurrent calls become one call per batch.
 *
 * Items of one group that arrive within `lingerMs` of the first, or while the group already has
 * `concurrency` batches in flight, go out together (at most `maxBatch` per batch); a full batch
 * leaves at once. `run` answers each item in order: a value, or a `BatchItemFailure` for an item
 * that failed alone (its caller gets that error; the others their values). A `run` that throws
 * fails every item of its batch. Items keep their arrival order within a batch and batches of a
 * group leave in arrival order, so a sequence handed out per batch still grows with arrival time.
 *
 * Used for the gateway → delivery send hop (SendMany), id blocks, recipient confirmations
 * (EnsureRecipients) and the delivery worker's group commits.
 */
export class BatchItemFailure {
  constructor(readonly error: unknown) {}
}

export interface BatcherOptions<I, R, G> {
  /** How long the first item of a batch waits for more (0: the next turn of the event loop). */
  lingerMs: number;
  maxBatch: number;
  /** Batches of one group in flight at once (default 1: a group commit). */
  concurrency?: number;
  run(items: I[], group: G): Promise<(R | BatchItemFailure)[]>;
}

export interface Batcher<I, R, G> {
  /** Adds one item; resolves with its own result or rejects with its own error. */
  add(item: I, group?: G): Promise<R>;
  /** Items waiting or in flight (all groups). */
  size(): number;
}

interface Entry<I, R> {
  item: I;
  resolve(r: R): void;
  reject(e: unknown): void;
}

interface Lane<I, R> {
  waiting: Entry<I, R>[];
  inFlight: number;
  timer: NodeJS.Timeout | null;
}

export function createBatcher<I, R, G = string>(opts: BatcherOptions<I, R, G>): Batcher<I, R, G> {
  const concurrency = opts.concurrency ?? 1;
  const lanes = new Map<G, Lane<I, R>>();
  let pending = 0;

  const start = (group: G, lane: Lane<I, R>) => {
    if (lane.timer) {
      clearTimeout(lane.timer);
      lane.timer = null;
    }
    while (lane.waiting.length > 0 && lane.inFlight < concurrency) {
      const batch = lane.waiting.splice(0, opts.maxBatch);
      lane.inFlight += 1;
      void settle(group, lane, batch);
    }
    if (lane.waiting.length === 0 && lane.inFlight === 0) lanes.delete(group);
  };

  const settle = async (group: G, lane: Lane<I, R>, batch: Entry<I, R>[]) => {
    try {
      const results = await opts.run(
        batch.map((e) => e.item),
        group,
      );
      batch.forEach((e, i) => {
        const r = results[i];
        if (r instanceof BatchItemFailure) e.reject(r.error);
        else if (i >= results.length) e.reject(new Error('batch answered fewer items than it was given'));
        else e.resolve(r);
      });
    } catch (err) {
      for (const e of batch) e.reject(err);
    } finally {
      pending -= batch.length;
      lane.inFlight -= 1;
      // What arrived meanwhile has waited long enough: it leaves now.
      start(group, lane);
    }
  };

  return {
    add(item: I, group?: G): Promise<R> {
      const g = group as G;
      return new Promise<R>((resolve, reject) => {
        let lane = lanes.get(g);
        if (!lane) lanes.set(g, (lane = { waiting: [], inFlight: 0, timer: null }));
        lane.waiting.push({ item, resolve, reject });
        pending += 1;
        const l = lane;
        if (l.waiting.length >= opts.maxBatch) start(g, l);
        else if (l.inFlight < concurrency && !l.timer) l.timer = setTimeout(() => start(g, l), opts.lingerMs);
      });
    },
    size: () => pending,
  };
}
