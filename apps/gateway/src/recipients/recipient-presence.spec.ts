import { createRecipientPresence } from './recipient-presence';

describe('createRecipientPresence', () => {
  const setup = (ttlMs = 1000, tokenTtlMs = 0) => {
    let clock = 0;
    const calls: string[] = [];
    let answer: () => Promise<number> = async () => 1;
    const presence = createRecipientPresence({
      check: (p, id) => {
        calls.push(`${p}:${id}`);
        return answer();
      },
      isNotFound: (err) => err instanceof Error && err.message === 'Recipient not found',
      ttlMs,
      tokenTtlMs,
      maxEntries: 100,
      now: () => clock,
    });
    return {
      presence,
      calls,
      tick: (ms: number) => (clock += ms),
      answerWith: (fn: () => Promise<number>) => (answer = fn),
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
    t.answerWith(() => new Promise<number>((r) => (release = () => r(1))));
    const pending = t.presence.require(1n, 'a');
    t.presence.forget(1, 'a');
    release();
    await pending;
    t.answerWith(async () => 1);
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

  describe('incarnations (recipient tokens)', () => {
    it('when an incarnation was confirmed, then it is answered from memory for the token lifetime, longer than the read one', async () => {
      const t = setup(1000, 60_000);
      t.answerWith(async () => 1234);
      expect(await t.presence.incarnation(1n, 'a')).toBe(1234);
      t.tick(30_000);
      expect(await t.presence.incarnation(1n, 'a')).toBe(1234);
      expect(t.calls).toHaveLength(1);
      // The preference reads keep their own, shorter lifetime.
      await t.presence.require(1n, 'a');
      expect(t.calls).toHaveLength(2);
    });

    it('when the recipient does not exist, then null; other failures propagate', async () => {
      const t = setup(1000, 60_000);
      t.answerWith(async () => Promise.reject(new Error('Recipient not found')));
      expect(await t.presence.incarnation(1n, 'a')).toBeNull();
      t.answerWith(async () => Promise.reject(new Error('unavailable')));
      await expect(t.presence.incarnation(1n, 'a')).rejects.toThrow('unavailable');
    });

    it('when the recipient is deleted and created again, then the new incarnation is read', async () => {
      const t = setup(1000, 60_000);
      t.answerWith(async () => 1);
      expect(await t.presence.incarnation(1n, 'a')).toBe(1);
      t.presence.forget(1, 'a');
      t.answerWith(async () => 2);
      expect(await t.presence.incarnation(1n, 'a')).toBe(2);
    });

    it('when everything is cleared (NATS dropped), then the next check asks again, and a check in flight is not kept', async () => {
      const t = setup(1000, 60_000);
      await t.presence.incarnation(1n, 'a');
      let release: () => void = () => undefined;
      t.answerWith(() => new Promise<number>((r) => (release = () => r(1))));
      t.presence.forget(1, 'a');
      const pending = t.presence.incarnation(1n, 'a');
      t.presence.clear();
      release();
      await pending;
      t.answerWith(async () => 3);
      expect(await t.presence.incarnation(1n, 'a')).toBe(3);
      expect(t.calls).toHaveLength(3);
    });

    it('when a lookup must ask the service, then the guard runs first and can refuse it', async () => {
      const t = setup(1000, 60_000);
      await expect(t.presence.incarnation(1n, 'a', () => { throw new Error('limited'); })).rejects.toThrow('limited');
      expect(t.calls).toHaveLength(0);
    });
  });
});
