import { inboxApiOf, withFreshToken, withTokenRefresh, type Body, type HeraldClient, type InboxApi, type Ok } from '@herald/client';

type PreferencesPath = '/recipients/{recipient_id}/preferences';
export type RecipientPreference = Ok<PreferencesPath, 'get'>['data']['preferences'][number];
export type PreferenceChange = Body<PreferencesPath, 'patch'>;

/** What the hooks need from Herald for the provider's recipient (a fake in tests, built from a client otherwise). */
export interface HeraldApi {
  inbox: InboxApi;
  preferences: {
    list(): Promise<RecipientPreference[]>;
    set(change: PreferenceChange): Promise<unknown>;
  };
}

export function heraldApiOf(client: HeraldClient, recipientId: string): HeraldApi {
  return {
    inbox: inboxApiOf(client, recipientId),
    preferences: {
      list: async () => (await client.preferences.list(recipientId)).data.preferences,
      set: (change) => client.preferences.set(recipientId, change),
    },
  };
}

/**
 * A recipient token fetched from the app's server once and kept until the gateway answers 401,
 * when the next request (or the stream's reconnect) fetches a fresh one.
 */
export function cachedToken(fetchToken: () => Promise<string>) {
  let token: Promise<string> | null = null;
  return {
    get: () => (token ??= fetchToken().catch((e: unknown) => {
      token = null;
      throw e;
    })),
    forget: () => {
      token = null;
    },
  };
}

/**
 * The same API dropping the cached token when the gateway answers 401, through the client's
 * `withTokenRefresh` (and `withFreshToken` for the preferences), as `<herald-inbox>` does: when the
 * token comes from a fetcher (`refetches`), the refused request is sent once more with a fresh one;
 * a fixed token cannot be refreshed, so the refused request fails. Either way the stream reconnects
 * with whatever the token is next.
 */
export function forgettingTokenOn401(api: HeraldApi, token: { forget(): void }, refetches: boolean): HeraldApi {
  const forget = async () => {
    token.forget();
    return refetches;
  };
  return {
    inbox: withTokenRefresh(api.inbox, forget),
    preferences: {
      list: () => withFreshToken(api.preferences.list, forget),
      set: (change) => withFreshToken(() => api.preferences.set(change), forget),
    },
  };
}
