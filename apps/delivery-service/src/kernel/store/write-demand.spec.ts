import { eventually } from '@herald/testing';
import { createWriteDemand } from './write-demand';

describe('write demand', () => {
  it('when a write starts while a bulk slice is written, then it waits for the slice to end and is counted meanwhile', async () => {
    const demand = createWriteDemand();
    const order: string[] = [];
    let endSlice!: () => void;
    const slice = demand.bulk(async () => {
      order.push('slice started');
      await new Promise<void>((r) => (endSlice = r));
      order.push('slice ended');
    });
    const write = demand.during(async () => order.push('write ran'));
    await eventually('the write counted as waiting', () => demand.seen().inFlight === 1);
    expect(order).toEqual(['slice started']);
    endSlice();
    await Promise.all([slice, write]);
    expect(order).toEqual(['slice started', 'slice ended', 'write ran']);
    expect(demand.seen()).toEqual({ started: 1, inFlight: 0 });
  });

  it('when a slice fails, then the writes waiting for it still run, and no slice holds them after it', async () => {
    const demand = createWriteDemand();
    const slice = demand.bulk(() => Promise.reject(new Error('store down')));
    const waiting = demand.during(async () => 'written');
    await expect(slice).rejects.toThrow('store down');
    await expect(waiting).resolves.toBe('written');
    await expect(demand.during(async () => 'at once')).resolves.toBe('at once');
  });
});
