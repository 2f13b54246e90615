import { createRecipientPresence } from './recipient-presence';

/** A recipient service that records its EnsureRecipients calls. */
function fakeRecipients(opts: { fail?: boolean } = {}) {
  const calls: { projectId: bigint; ids: string[] }[] = [];
  return {
    calls,
    recipients: {
      ensureRecipients: jest.fn(async (req: { projectId: bigint; ids: string[] }) => {
        calls.push({ projectId: req.projectId, ids: [...req.ids] });
        await new Promise((r) => setTimeout(r, 1));
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
