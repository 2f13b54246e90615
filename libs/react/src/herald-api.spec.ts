import { HeraldAuthenticationError, HeraldClient } from '@herald/client';
import { cachedToken, forgettingTokenOn401, heraldApiOf } from './herald-api.js';

describe('recipient token from a fetcher', () => {
  it('when the token is asked for twice, then it is fetched once; a failed fetch is not kept', async () => {
    const answers: Array<() => Promise<string>> = [async () => Promise.reject(new Error('offline')), async () => 'nk_tok_1'];
    const fetchToken = jest.fn(() => answers.shift()!());
    const token = cachedToken(fetchToken);
    await expect(token.get()).rejects.toThrow('offline');
    expect(await token.get()).toBe('nk_tok_1');
    expect(await token.get()).toBe('nk_tok_1');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('when the gateway answers 401, then that request fails and the next one carries a fresh token', async () => {
    const tokens = ['nk_tok_old', 'nk_tok_new'];
    const token = cachedToken(async () => tokens.shift()!);
    const sent: string[] = [];
    const gateway = async (_url: string, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('authorization')!;
      sent.push(auth);
      return auth === 'Bearer nk_tok_new'
        ? new Response(JSON.stringify({ data: { preferences: [] } }), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ message: 'Token expired', code: 'unauthorized' }), { status: 401, headers: { 'content-type': 'application/json' } });
    };
    const api = heraldApiOf(new HeraldClient({ baseUrl: 'http://herald.test', apiKey: token.get, fetch: forgettingTokenOn401(gateway, token) }), 'alice');
    await expect(api.preferences.list()).rejects.toBeInstanceOf(HeraldAuthenticationError);
    expect(await api.preferences.list()).toEqual([]);
    expect(sent).toEqual(['Bearer nk_tok_old', 'Bearer nk_tok_new']);
  });
});
