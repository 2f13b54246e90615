import { Code, ConnectError } from '@connectrpc/connect';
import { BatchItemFailure, createBatcher } from '@herald/service-kit';
import { ErrorInfoSchema, type SendError } from '@herald/contracts';

/** One item's answer in a batch call: its value, or its error as the service carried it (SendError). */
export type ItemAnswer<R> = { value: R } | { error: SendError | undefined };

export interface CoalescerOptions {
  lingerMs: number;
  maxBatch: number;
  concurrency: number;
}

/**
 * A unary call of this process batched into the service's batch call: concurrent calls travel as
 * one `many` (a linger of `lingerMs` after the first, at most `maxBatch` per call, `concurrency`
 * calls in flight), and each caller still gets its own answer or its own error, exactly as a call
 * of its own (`one`) would have given it: an item that fails, fails alone; a batch call that fails,
 * fails each of its items. A service that does not know `many` yet (a rolling upgrade) is sent
 * each item by `one`, from then on.
 */
export function createRpcCoalescer<I, R>(calls: { many(items: I[]): Promise<ItemAnswer<R>[]>; one(item: I): Promise<R> }, opts: CoalescerOptions): (item: I) => Promise<R> {
  let manyKnown = true;
  const batcher = createBatcher<I, R>({
    ...opts,
    async run(items) {
      if (manyKnown) {
        try {
          return (await calls.many(items)).map((a) => ('value' in a ? a.value : new BatchItemFailure(itemError(a.error))));
        } catch (err) {
          if (!(err instanceof ConnectError && err.code === Code.Unimplemented)) throw err;
          manyKnown = false;
        }
      }
      const settled = await Promise.allSettled(items.map((item) => calls.one(item)));
      return settled.map((r) => (r.status === 'fulfilled' ? r.value : new BatchItemFailure(r.reason)));
    },
  });
  return (item: I): Promise<R> => batcher.add(item);
}

/** The error one item's own call would have thrown: its Connect code, message and ErrorInfo. */
function itemError(e: SendError | undefined): ConnectError {
  if (!e) return new ConnectError('call failed', Code.Internal);
  return new ConnectError(e.message, e.code as Code, undefined, e.info ? [{ desc: ErrorInfoSchema, value: e.info }] : undefined);
}
