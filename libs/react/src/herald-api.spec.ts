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

  it('when the gateway answers 401 to a token from a fetcher, then that request is sent once more with a fresh token', async () => {
    const { api, sent } = withExpiringToken(preferencesAnswer);
    expect(await api.preferences.list()).toEqual([]);
    expect(sent).toEqual(['Bearer nk_tok_old', 'Bearer nk_tok_new']);
  });

  it('when the gateway answers 401 to a fixed token, then that request fails without being sent again', async () => {
    const { api, sent } = withExpiringToken(preferencesAnswer, false);
    await expect(api.preferences.list()).rejects.toBeInstanceOf(HeraldAuthenticationError);
    expect(sent).toEqual(['Bearer nk_tok_old']);
  });

  it('when the gateway refuses the live stream with 401, then the stream reconnects by itself with a fresh token', async () => {
    const { api, sent } = withExpiringToken((init) => {
      // Open until the subscription is closed.
      const body = new ReadableStream<Uint8Array>({ start: (c) => init?.signal?.addEventListener('abort', () => c.error(init.signal!.reason)) });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const errors: string[] = [];
    let subscription: { close(): void } | undefined;
    // Opened, or refused a second time (the reconnect carried the old token).
    const outcome = new Promise<void>((opened, refusedAgain) => {
      subscription = api.inbox.subscribe({
        state: (s) => s === 'open' && opened(),
        error: (e) => errors.push(e.code) > 1 && refusedAgain(new Error(`refused again: ${errors.join(', ')}`)),
      });
    });
    try {
      await outcome;
    } finally {
      subscription!.close();
    }
    expect(errors).toEqual(['unauthorized']);
    expect(sent).toEqual(['Bearer nk_tok_old', 'Bearer nk_tok_new']);
  });
});

/**
 * The provider's API over a gateway that refuses every token but the fresh one with 401 (`accept`
 * answers that one's requests), its token fetched first as `nk_tok_old`, then as `nk_tok_new`
 * (`refetches`: from a fetcher; else taken as a fixed token); `sent`: each request's Authorization header.
 */
function withExpiringToken(accept: (init?: RequestInit) => Response, refetches = true) {
  const tokens = ['nk_tok_old', 'nk_tok_new'];
  const token = cachedToken(async () => tokens.shift()!);
  const sent: string[] = [];
  const gateway = async (_url: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization')!;
    sent.push(auth);
    return auth === 'Bearer nk_tok_new' ? accept(init) : new Response(JSON.stringify({ message: 'Token expired', code: 'unauthorized' }), { status: 401, headers: { 'content-type': 'application/json' } });
  };
  return { api: forgettingTokenOn401(heraldApiOf(new HeraldClient({ baseUrl: 'http://herald.test', apiKey: token.get, fetch: gateway }), 'alice'), token, refetches), sent };
}

/** The gateway's answer to a preferences read: none set. */
function preferencesAnswer(): Response {
  return new Response(JSON.stringify({ data: { preferences: [] } }), { status: 200, headers: { 'content-type': 'application/json' } });
}
