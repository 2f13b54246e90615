import type { NatsConnection } from '@nats-io/nats-core';
import { announceKeyRevoked, onKeyRevoked } from './revocation';

/** A core-NATS stand-in: every publish reaches every subscriber (as on one shared server). */
function fakeNats() {
  const callbacks: ((err: unknown, msg: { string(): string }) => void)[] = [];
  const nc = {
    subscribe: (_subject: string, opts: { callback: (err: unknown, msg: { string(): string }) => void }) => (callbacks.push(opts.callback), { unsubscribe: () => undefined }),
    publish: (_subject: string, data: string) => callbacks.forEach((cb) => cb(null, { string: () => data })),
    flush: async () => undefined,
  };
  return nc as unknown as NatsConnection;
}

describe('key revocation messages', () => {
  it('when two deployments share one NATS server, then a revoked key id only evicts that id in its own deployment', async () => {
    const nc = fakeNats();
    const seen = { a: [] as number[], b: [] as number[], hashes: [] as string[] };
    onKeyRevoked(nc, 'herald_gateway_a', { hash: (h) => seen.hashes.push(h), id: (id) => seen.a.push(id) });
    onKeyRevoked(nc, 'herald_gateway_b', { hash: () => undefined, id: (id) => seen.b.push(id) });
    await announceKeyRevoked(nc, 'herald_gateway_a', 'ab12', 7);
    expect(seen.a).toEqual([7]);
    expect(seen.b).toEqual([]);
    expect(seen.hashes).toEqual(['ab12']);
  });
});
