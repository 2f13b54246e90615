import { Code, ConnectError } from '@connectrpc/connect';
import { createRecipientPresence } from './recipient-presence';

/** A recipient service that records its EnsureRecipients calls. */
function fakeRecipients(opts: { fail?: boolean } = {}) {
  const calls: { projectId: bigint; ids: string[] }[] = [];
  return {
    calls,
    recipients: {
      ensureRecipients: jest.fn(async (req: { projectId: bigint; ids: string[] }) => {
        calls.push({ projectId: req.projectId, ids: [...req.ids] });
        await new Promise((r) => setImmediate(r));
        if (opts.fail) throw new Error('recipient service down');
        return { created: [], seqs: req.ids.map((id) => BigInt(id.charCodeAt(0))) };
      }),
      getRecipient: jest.fn(async () => ({})),
    },
  };
}

describe('recipient presence (send path)', () => {
  it('when sends to many recipients of two projects arrive together, then each project costs one EnsureRecipients call naming each id once', async () => {
    const f = fakeRecipients();
    const presence = createRecipientPresence({ recipients: f.recipients as never, ttlMs: 60_000 });
    await Promise.all([
      ...['a', 'b', 'a', 'c'].map((id) => presence.ensure(1n, id)),
      ...['a', 'z'].map((id) => presence.ensure(2n, id)),
    ]);
    expect(f.calls.map((c) => [c.projectId, [...c.ids].sort()]).sort()).toEqual([[1n, ['a', 'b', 'c']], [2n, ['a', 'z']]]);
  });

  it('when a recipient is ensured, then its incarnation (creation sequence) is answered', async () => {
    const f = fakeRecipients();
    const presence = createRecipientPresence({ recipients: f.recipients as never, ttlMs: 60_000 });
    expect(await Promise.all([presence.ensure(1n, 'a'), presence.ensure(1n, 'b'), presence.ensure(1n, 'a')])).toEqual([97, 98, 97]);
    expect(await presence.ensure(1n, 'b')).toBe(98);
  });

  it('when more ids than one batch holds arrive, then they are split at maxBatch', async () => {
    const f = fakeRecipients();
    const presence = createRecipientPresence({ recipients: f.recipients as never, ttlMs: 60_000, maxBatch: 3 });
    await Promise.all(['1', '2', '3', '4', '5', '6', '7'].map((id) => presence.ensure(1n, id)));
    expect(f.calls.map((c) => c.ids.length)).toEqual([3, 3, 1]);
  });

  it('when a recipient was confirmed, then the next sends ask nothing until it is forgotten, one by one or all at once', async () => {
    const f = fakeRecipients();
    const presence = createRecipientPresence({ recipients: f.recipients as never, ttlMs: 60_000 });
    await presence.ensure(1n, 'a');
    await presence.ensure(1n, 'b');
    await presence.ensure(1n, 'a');
    expect(f.calls).toHaveLength(2);
    presence.forget(1n, 'a');
    await presence.ensure(1n, 'a');
    await presence.ensure(1n, 'b');
    expect(f.calls).toHaveLength(3);
    presence.forgetAll();
    await presence.ensure(1n, 'b');
    expect(f.calls).toHaveLength(4);
  });

  it('when everything is forgotten while a confirmation is in flight, then that confirmation is not kept', async () => {
    const f = fakeRecipients();
    const presence = createRecipientPresence({ recipients: f.recipients as never, ttlMs: 60_000 });
    const pending = presence.ensure(1n, 'a');
    presence.forgetAll();
    await pending;
    await presence.ensure(1n, 'a');
    expect(f.calls).toHaveLength(2);
  });

  it('when the recipient service fails, then every send of the batch fails and nothing is kept', async () => {
    const f = fakeRecipients({ fail: true });
    const presence = createRecipientPresence({ recipients: f.recipients as never, ttlMs: 60_000 });
    const results = await Promise.allSettled(['a', 'b'].map((id) => presence.ensure(1n, id)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await Promise.allSettled([presence.ensure(1n, 'a')]);
    expect(f.calls).toHaveLength(2);
  });
});

describe('recipient presence (reads: erasure is visible at once)', () => {
  const recipients = () => ({ ensureRecipients: jest.fn(), getRecipient: jest.fn(async () => ({ recipient: { seq: 5n } })) });

  it('when a deletion event is handled while the read waits at the barrier, then the read does not trust the cached answer', async () => {
    const r = recipients();
    let release!: () => void;
    let waiting = false;
    const barrier = () => {
      if (!waiting) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => (release = () => resolve(true)));
    };
    const presence = createRecipientPresence({ recipients: r as never, ttlMs: 60_000, barrier });
    expect(await presence.require(1n, 'a')).toBe(5);
    expect(await presence.require(1n, 'a')).toBe(5);
    expect(r.getRecipient).toHaveBeenCalledTimes(1);
    waiting = true;
    const read = presence.require(1n, 'a');
    // The event reached this process before the barrier's answer (as a flush guarantees).
    presence.forget(1n, 'a');
    r.getRecipient.mockRejectedValueOnce(new ConnectError('gone', Code.NotFound));
    release();
    await expect(read).rejects.toMatchObject({ code: 'recipient_not_found' });
  });

  it('when the barrier cannot be passed (the broker is away), then each read asks the recipient service and nothing is kept', async () => {
    const r = recipients();
    const presence = createRecipientPresence({ recipients: r as never, ttlMs: 60_000, barrier: async () => false });
    await presence.require(1n, 'a');
    await presence.require(1n, 'a');
    expect(r.getRecipient).toHaveBeenCalledTimes(2);
    expect(presence.cache.size).toBe(0);
  });
});
