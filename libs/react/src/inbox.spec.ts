/**
 * @jest-environment jsdom
 */
import { render, waitFor } from '@testing-library/react';
import { createElement as h } from 'react';
import { HeraldProvider } from './herald-provider.js';
import { Inbox } from './inbox.js';
import { fakeHeraldApi } from './testing/fake-herald-api.js';

describe('<Inbox>', () => {
  afterEach(() => document.head.querySelectorAll('script').forEach((s) => s.remove()));

  it('when the token comes from a fetcher, then the element gets the recipient and the token, and its module is loaded once from the gateway', async () => {
    const getToken = jest.fn(async () => 'nk_tok_fetched');
    const { container } = render(
      h(HeraldProvider, { baseUrl: 'http://herald.test', recipientId: 'alice', getToken, api: fakeHeraldApi({ feed: [] }).api }, h(Inbox, { badge: 'unseen', locale: 'de-DE', open: true }), h(Inbox)),
    );
    const element = container.querySelector('herald-inbox')!;
    expect(element.getAttribute('recipient-id')).toBeNull();
    await waitFor(() => expect(element.getAttribute('recipient-id')).toBe('alice'));
    expect(Object.fromEntries(['base-url', 'token', 'badge', 'locale', 'open'].map((a) => [a, element.getAttribute(a)]))).toEqual({
      'base-url': 'http://herald.test',
      token: 'nk_tok_fetched',
      badge: 'unseen',
      locale: 'de-DE',
      open: '',
    });
    expect(getToken).toHaveBeenCalledTimes(1);
    expect([...document.head.querySelectorAll('script')].map((s) => [s.type, s.src])).toEqual([['module', 'http://herald.test/ui/herald-inbox.js']]);
  });

  it('when the gateway refuses the token, then the element asks the provider for a fresh one', async () => {
    const tokens = ['nk_tok_1', 'nk_tok_2'];
    const { container } = render(
      h(HeraldProvider, { baseUrl: 'http://herald.test', recipientId: 'alice', getToken: async () => tokens.shift()!, api: fakeHeraldApi({ feed: [] }).api }, h(Inbox, { elementSrc: null })),
    );
    const element = container.querySelector('herald-inbox') as HTMLElement & { tokenProvider: () => Promise<string> };
    await waitFor(() => expect(element.getAttribute('token')).toBe('nk_tok_1'));
    expect(await element.tokenProvider()).toBe('nk_tok_2');
    expect(document.head.querySelector('script')).toBeNull();
  });
});
