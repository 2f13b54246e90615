import { create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { RecipientSchema, type Recipient } from '@herald/contracts';
import { createRecipientPresence, recipientKey } from './recipient-presence';

const recipient = (id: string, createdAtMs = 1_000, name = 'Ann') => create(RecipientSchema, { id, name, createdAt: timestampFromMs(createdAtMs) });
const notFound = () => new Error('Recipient not found');

describe('createRecipientPresence', () => {
  const setup = (ttlMs = 1000) => {
    let clock = 1_000_000;
    const calls: string[] = [];
    let answer: (id: string) => Promise<Recipient> = async (id) => recipient(id);
    const presence = createRecipientPresence({
      load: (p, id) => {
        calls.push(`${p}:${id}`);
        return answer(id);
      },
      isNotFound: (err) => err instanceof Error && err.message === 'Recipient not found',
      ttlMs,
      maxEntries: 100,
      now: () => clock,
    });
    return {
      presence,
      calls,
      tick: (ms: number) => (clock += ms),
      answerWith: (fn: (id: string) => Promise<Recipient>) => (answer = fn),
    };
  };

  it('when a recipient was read, then the next reads within the lifetime ask nobody; after it, the service again', async () => {
    const t = setup();
    expect((await t.presence.get(1n, 'a')).name).toBe('Ann');
    await t.presence.require(1n, 'a');
    expect(await t.presence.incarnation(1n, 'a')).toBe(1_000);
    expect(t.calls).toEqual(['1:a']);
    t.tick(1001);
    await t.presence.require(1n, 'a');
    expect(t.calls).toEqual(['1:a', '1:a']);
  });

  it('when concurrent reads miss, then the service is asked once', async () => {
    const t = setup();
    await Promise.all([t.presence.get(1n, 'a'), t.presence.require(1n, 'a'), t.presence.incarnation(1n, 'a')]);
    expect(t.calls).toEqual(['1:a']);
  });

  it('when the recipient service says not found, then the error propagates and nothing is kept', async () => {
    const t = setup();
    t.answerWith(async () => Promise.reject(notFound()));
    await expect(t.presence.get(1n, 'a')).rejects.toThrow('Recipient not found');
    await expect(t.presence.require(1n, 'a')).rejects.toThrow('Recipient not found');
    expect(t.calls).toHaveLength(2);
  });

  it('when a recipient is forgotten (changed or deleted here), then the next read asks again and sees the change', async () => {
    const t = setup();
    await t.presence.get(1n, 'a');
    t.presence.forget(1, 'a');
    t.answerWith(async (id) => recipient(id, 1_000, 'Bea'));
    expect((await t.presence.get(1n, 'a')).name).toBe('Bea');
    t.presence.forget(1n, 'a');
    t.answerWith(async () => Promise.reject(notFound()));
    await expect(t.presence.require(1n, 'a')).rejects.toThrow('Recipient not found');
  });

  it('when the change events name a recipient, then it is forgotten (the keys are recipientKey)', async () => {
    const t = setup();
    await t.presence.get(1n, 'a');
    await t.presence.get(1n, 'b');
    t.presence.invalidatable.delete(recipientKey(1n, 'a'));
    await t.presence.get(1n, 'a');
    await t.presence.get(1n, 'b');
    expect(t.calls).toEqual(['1:a', '1:b', '1:a']);
  });

  it('when a recipient is forgotten while its read is in flight, then that read answers but is not kept', async () => {
    const t = setup();
    let release: () => void = () => undefined;
    t.answerWith((id) => new Promise<Recipient>((r) => (release = () => r(recipient(id, 1_000, 'old')))));
    const pending = t.presence.get(1n, 'a');
    t.presence.forget(1, 'a');
    release();
    expect((await pending).name).toBe('old');
    t.answerWith(async (id) => recipient(id, 1_000, 'new'));
    expect((await t.presence.get(1n, 'a')).name).toBe('new');
    expect(t.calls).toEqual(['1:a', '1:a']);
  });

  it('when projects share a recipient id, then each is read on its own', async () => {
    const t = setup();
    await t.presence.require(1n, 'a');
    await t.presence.require(2n, 'a');
    expect(t.calls).toEqual(['1:a', '2:a']);
  });

  it('when the lifetime is 0, then every read asks the recipient service', async () => {
    const t = setup(0);
    await t.presence.require(1n, 'a');
    await t.presence.require(1n, 'a');
    expect(t.calls).toHaveLength(2);
  });

  describe('incarnations (recipient tokens)', () => {
    it('when the recipient does not exist, then null; other failures propagate', async () => {
      const t = setup();
      t.answerWith(async () => Promise.reject(notFound()));
      expect(await t.presence.incarnation(1n, 'a')).toBeNull();
      t.answerWith(async () => Promise.reject(new Error('unavailable')));
      await expect(t.presence.incarnation(1n, 'a')).rejects.toThrow('unavailable');
    });

    it('when the recipient is deleted and created again, then the new incarnation is read', async () => {
      const t = setup();
      expect(await t.presence.incarnation(1n, 'a')).toBe(1_000);
      t.presence.forget(1, 'a');
      t.answerWith(async (id) => recipient(id, 2_000));
      expect(await t.presence.incarnation(1n, 'a')).toBe(2_000);
    });

    it('when everything is cleared (NATS dropped), then the next read asks again, and a read in flight is not kept', async () => {
      const t = setup();
      await t.presence.incarnation(1n, 'a');
      let release: () => void = () => undefined;
      t.answerWith((id) => new Promise<Recipient>((r) => (release = () => r(recipient(id)))));
      t.presence.forget(1, 'a');
      const pending = t.presence.incarnation(1n, 'a');
      t.presence.invalidatable.clear();
      release();
      await pending;
      t.answerWith(async (id) => recipient(id, 3_000));
      expect(await t.presence.incarnation(1n, 'a')).toBe(3_000);
      expect(t.calls).toHaveLength(3);
    });

    it('when a lookup must ask the service, then the guard runs first and can refuse it; a cached answer skips it', async () => {
      const t = setup();
      const refuse = () => {
        throw new Error('limited');
      };
      await expect(t.presence.incarnation(1n, 'a', refuse)).rejects.toThrow('limited');
      expect(t.calls).toHaveLength(0);
      await t.presence.incarnation(1n, 'a');
      expect(await t.presence.incarnation(1n, 'a', refuse)).toBe(1_000);
    });
  });
});
