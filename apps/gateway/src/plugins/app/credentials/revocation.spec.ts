import type { NatsConnection } from '@nats-io/nats-core';
import { announceKeyRevoked, announceProjectChanged, changedProjectsOf, revokedKeysOf } from './revocation';

/** A core-NATS stand-in that records what is published. */
function fakeNats() {
  const published: Uint8Array[] = [];
  const nc = {
    publish: (_subject: string, data: string) => published.push(new TextEncoder().encode(data)),
    flush: async () => undefined,
  };
  return { nc: nc as unknown as NatsConnection, published };
}

describe('key revocation and project change messages', () => {
  it('when two deployments share one NATS server, then a revoked key id only names that id in its own deployment', async () => {
    const { nc, published } = fakeNats();
    await announceKeyRevoked(nc, 'herald_gateway_a', 'ab12', 7);
    expect(published.flatMap(revokedKeysOf('herald_gateway_a'))).toEqual(['key:ab12', 'key-id:7']);
    expect(published.flatMap(revokedKeysOf('herald_gateway_b'))).toEqual(['key:ab12']);
  });

  it('when a project changes, then its deployment names it and another deployment ignores it', async () => {
    const { nc, published } = fakeNats();
    await announceProjectChanged(nc, 'herald_gateway_a', 12);
    expect(published.flatMap(changedProjectsOf('herald_gateway_a'))).toEqual(['project:12']);
    expect(published.flatMap(changedProjectsOf('herald_gateway_b'))).toEqual([]);
  });

  it.each([['id:x@a'], ['id:@a'], ['id:7'], ['7']])('when an id message is malformed (%p), then it names nothing', (text) => {
    const data = new TextEncoder().encode(text);
    if (text.startsWith('id:')) expect(revokedKeysOf('a')(data)).toEqual([]);
    expect(changedProjectsOf('a')(data)).toEqual([]);
  });
});
