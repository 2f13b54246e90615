import { eventually } from './eventually';

describe('eventually', () => {
  it('when the probe holds on a later call, then it resolves with that value (errors and falsy values are retried)', async () => {
    let calls = 0;
    const value = await eventually('third time', () => {
      calls += 1;
      if (calls === 1) throw new Error('not yet');
      return calls === 2 ? undefined : { calls };
    });
    expect(value).toEqual({ calls: 3 });
  });

  it('when the probe returns 0 or an empty string, then that counts as holding (only undefined, null and false do not)', async () => {
    expect(await eventually('zero', () => 0)).toBe(0);
    expect(await eventually('empty', () => '')).toBe('');
  });

  it('when the condition never holds, then it fails naming the condition and the last thing seen', async () => {
    await expect(eventually('the marker arrived', () => false, { timeoutMs: 0 })).rejects.toThrow(/^the marker arrived: not reached within 0 ms \(last: false\)$/);
    await expect(
      eventually(
        'a 200',
        () => {
          throw new Error('got 503');
        },
        { timeoutMs: 0 },
      ),
    ).rejects.toThrow('a 200: not reached within 0 ms (last: got 503)');
  });
});
