import { HeraldClient, withSharedStream, type FetchLike } from '@herald/client';
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { cachedToken, forgettingTokenOn401, heraldApiOf, type HeraldApi } from './herald-api.js';
import { createStoreCache } from './store-cache.js';

export interface HeraldProviderProps {
  /** The gateway, e.g. https://herald.example.com */
  baseUrl: string;
  recipientId: string;
  /** A recipient token minted by your server (`POST /recipients/{id}/tokens`): never a project key. */
  token?: string;
  /** Or a function fetching one from your server: called once, and again after the gateway answers 401. */
  getToken?: () => Promise<string>;
  /** Your own implementation of the API the hooks use (tests, a proxy); built from the props when absent. */
  api?: HeraldApi;
  fetch?: FetchLike;
  children?: ReactNode;
}

export interface HeraldContextValue {
  baseUrl: string;
  recipientId: string;
  api: HeraldApi;
  stores: ReturnType<typeof createStoreCache>;
  /** The current recipient token (for `<Inbox>`), and a fresh one after the gateway refused it. */
  token: () => Promise<string>;
  freshToken: () => Promise<string>;
}

const HeraldContext = createContext<HeraldContextValue | null>(null);

/** Gives the hooks and `<Inbox>` below it one recipient's Herald (one client, one live stream). */
export function HeraldProvider(props: HeraldProviderProps) {
  const { baseUrl, recipientId, token: staticToken, getToken, api: givenApi, fetch: givenFetch } = props;
  const value = useMemo<HeraldContextValue>(() => {
    const tokens = cachedToken(getToken ?? (async () => staticToken ?? ''));
    // Nothing is fetched here: the client only stores its options (server rendering stays side-effect free).
    const api = givenApi ?? forgettingTokenOn401(heraldApiOf(new HeraldClient({ baseUrl, apiKey: tokens.get, fetch: givenFetch }), recipientId), tokens, getToken !== undefined);
    const shared = { ...api, inbox: withSharedStream(api.inbox) };
    return { baseUrl, recipientId, api: shared, stores: createStoreCache(shared.inbox),
      token: tokens.get,
      freshToken: () => {
        tokens.forget();
        return tokens.get();
      },
    };
  }, [baseUrl, recipientId, staticToken, getToken, givenApi, givenFetch]);
  return createElement(HeraldContext.Provider, { value }, props.children);
}

/** The provider's Herald; throws outside a `<HeraldProvider>`. */
export function useHerald(): HeraldContextValue {
  const value = useContext(HeraldContext);
  if (!value) throw new Error('@herald/react: wrap the component in <HeraldProvider>');
  return value;
}
