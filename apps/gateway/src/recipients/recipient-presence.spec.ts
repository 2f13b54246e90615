import { createRecipientPresence } from './recipient-presence';

describe('createRecipientPresence', () => {
  const setup = (ttlMs = 1000) => {
    let clock = 0;
    const calls: string[] = [];
    let answer: () => Promise<unknown> = async () => ({});
    const presence = createRecipientPresence({
      check: (p, id) => {
        calls.push(`${p}:${id}`);
        return answer();
      },
      ttlMs,
      maxEntries: 100,
      now: () => clock,
    });
    return {
      presence,
      calls,
      tick: (ms: number) => (clock += ms),
      answerWith: (fn: () => Promise<unknown>) => (answer = fn),
    };
  };

  it('when a recipient was confirmed, then the next checks within the lifetime ask nobody', async () => {
    const t = setup();
    await t.presence.require(1n, 'a');
    await t.presence.require(1n, 'a');
    expect(t.calls).toEqual(['1:a']);
    t.tick(1000);
    await t.presence.require(1n, 'a');
    expect(t.calls).toEqual(['1:a', '1:a']);
  });

  it('when the recipient service says not found, then the error propagates and nothing is kept', async () => {
    const t = setup();
    t.answerWith(async () => Promise.reject(new Error('Recipient not found')));
    await expect(t.presence.require(1n, 'a')).rejects.toThrow('Recipient not found');
    await expect(t.presence.require(1n, 'a')).rejects.toThrow('Recipient not found');
    expect(t.calls).toHaveLength(2);
  });

  it('when a recipient is forgotten, then the next check asks again', async () => {
    const t = setup();
    await t.presence.require(1n, 'a');
    t.presence.forget(1, 'a');
    t.answerWith(async () => Promise.reject(new Error('Recipient not found')));
    await expect(t.presence.require(1n, 'a')).rejects.toThrow('Recipient not found');
  });

  it('when a recipient is forgotten while its confirmation is in flight, then that confirmation is not kept', async () => {
    const t = setup();
    let release: () => void = () => undefined;
    t.answerWith(() => new Promise<void>((r) => (release = r)));
    const pending = t.presence.require(1n, 'a');
    t.presence.forget(1, 'a');
    release();
    await pending;
    t.answerWith(async () => ({}));
    await t.presence.require(1n, 'a');
    expect(t.calls).toEqual(['1:a', '1:a']);
  });

  it('when projects share a recipient id, then each is confirmed on its own', async () => {
    const t = setup();
    await t.presence.require(1n, 'a');
    await t.presence.require(2n, 'a');
    expect(t.calls).toEqual(['1:a', '2:a']);
  });

  it('when the lifetime is 0, then every check asks the recipient service', async () => {
    const t = setup(0);
    await t.presence.require(1n, 'a');
    await t.presence.require(1n, 'a');
    expect(t.calls).toHaveLength(2);
  });
});
