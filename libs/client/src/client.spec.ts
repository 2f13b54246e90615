import { inspect } from 'node:util';
import { HeraldClient } from './client.js';

describe('HeraldClient string forms', () => {
  const key = 'nk_full_s3cr3t-key-material';

  it.each([
    ['an API key', key],
    ['a function returning one', () => key],
  ])('when a client holding %s is inspected, logged or serialized, then the key is not shown', (_what, apiKey) => {
    const client = new HeraldClient({ baseUrl: 'http://herald.test', apiKey });
    const shown = [inspect(client, { depth: Infinity, showHidden: true }), JSON.stringify(client), String(client), inspect(client.transport, { depth: Infinity })];
    for (const s of shown) expect(s).not.toContain(key);
    expect(client.transport.baseUrl).toBe('http://herald.test');
  });

  it('when a client is built, then it still sends its key', async () => {
    const seen: string[] = [];
    const fetch = async (_url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('authorization') ?? '');
      return new Response(JSON.stringify({ data: { id: 'ann' } }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    await new HeraldClient({ baseUrl: 'http://herald.test', apiKey: key, fetch }).recipients.get('ann');
    expect(seen).toEqual([`Bearer ${key}`]);
  });
});
