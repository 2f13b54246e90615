import { createClient, createRouterTransport } from '@connectrpc/connect';
import { PreferenceService } from '@herald/contracts';
import { checkRecipientKey } from './check-cache';
import { recipientKey } from '../recipient-presence/recipient-presence';
import { catalogChangedKeysOf, evictingWrites, rulesChangedKeysOf } from '.';

const text = (s: string) => new TextEncoder().encode(s);

describe('evictingWrites', () => {
  // An in-memory preference service: writes succeed, except for project 13 (to show failures evict too).
  const fail = (projectId: bigint) => {
    if (projectId === 13n) throw new Error('store down');
  };
  const transport = createRouterTransport(({ service }) =>
    service(PreferenceService, {
      setPreference: (req) => (fail(req.projectId), { medium: req.medium }),
      createCatalogEntry: (req) => (fail(req.projectId), {}),
      updateCatalogEntry: (req) => (fail(req.projectId), {}),
      deleteCatalogEntry: (req) => (fail(req.projectId), {}),
      upsertCatalog: (req) => (fail(req.projectId), {}),
      checkPreference: (req) => ({ medium: req.medium }),
    }),
  );
  const setup = () => {
    const forgotten: string[] = [];
    const client = evictingWrites(createClient(PreferenceService, transport), {
      forgetRecipient: (p, r) => forgotten.push(`rules ${p}:${r}`),
      forgetCatalog: (p) => forgotten.push(`catalog ${p}`),
    });
    return { client, forgotten };
  };

  it('when rules or the catalog are written, then what they change is forgotten once the call settled, failed calls too', async () => {
    const { client, forgotten } = setup();
    await client.setPreference({ projectId: 1n, recipientId: 'a', medium: 'email', enabled: false });
    await client.createCatalogEntry({ projectId: 2n });
    await client.updateCatalogEntry({ projectId: 3n, id: 1n });
    await client.deleteCatalogEntry({ projectId: 4n, id: 1n });
    await client.upsertCatalog({ projectId: 5n });
    await expect(client.setPreference({ projectId: 13n, recipientId: 'b' })).rejects.toThrow();
    await expect(client.upsertCatalog({ projectId: 13n })).rejects.toThrow();
    expect(forgotten).toEqual(['rules 1:a', 'catalog 2', 'catalog 3', 'catalog 4', 'catalog 5', 'rules 13:b', 'catalog 13']);
  });

  it('when the service is only read, then nothing is forgotten', async () => {
    const { client, forgotten } = setup();
    expect((await client.checkPreference({ projectId: 1n, recipientId: 'a', medium: 'email' })).medium).toBe('email');
    expect(forgotten).toEqual([]);
  });
});

describe('announcement decoding', () => {
  it('when a recipient is deleted, then the key its deletion names is the check cache key of its answers', () => {
    expect(checkRecipientKey(7n, 'a:b')).toBe(recipientKey(7n, 'a:b'));
  });

  it.each([
    ['7:ann', ['7:ann']],
    ['7:a:b', ['7:a:b']],
  ])('when rules of %p changed, then the recipient key %p', (payload, keys) => {
    expect(rulesChangedKeysOf(text(payload))).toEqual(keys);
  });

  it.each([
    ['7', ['catalog:7']],
    ['1795682728181001', ['catalog:1795682728181001']],
    ['9007199254740993', []],
    ['x', []],
    ['', []],
    ['1e3', []],
  ])('when the catalog of %p changed, then %p', (payload, keys) => {
    expect(catalogChangedKeysOf(text(payload))).toEqual(keys);
  });
});
