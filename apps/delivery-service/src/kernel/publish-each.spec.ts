import { publishAllInWindows } from './publish-each';

describe('publishAllInWindows', () => {
  it('when a thousand items are published, then other tasks run between windows of encoding and every acknowledgement is awaited', async () => {
    const published: number[] = [];
    const acks: (() => void)[] = [];
    const items = Array.from({ length: 1000 }, (_, i) => i);
    let publishedWhenOtherRan = -1;
    setImmediate(() => (publishedWhenOtherRan = published.length));
    let settled = false;
    const done = publishAllInWindows(items, (i) => {
      published.push(i);
      return new Promise<void>((r) => acks.push(r));
    }).then(() => (settled = true));
    while (published.length < items.length) await new Promise((r) => setImmediate(r));
    expect(publishedWhenOtherRan).toBeGreaterThan(0);
    expect(publishedWhenOtherRan).toBeLessThan(items.length);
    expect(settled).toBe(false);
    for (const ack of acks) ack();
    await done;
    expect(published).toEqual(items);
  });

  it('when a publish fails while later windows are encoded, then the call rejects with it and nothing is left unhandled', async () => {
    const items = Array.from({ length: 300 }, (_, i) => i);
    await expect(publishAllInWindows(items, async (i) => (i === 5 ? Promise.reject(new Error('no stream')) : undefined))).rejects.toThrow('no stream');
  });
});
