import { useCallback, useEffect, useState } from 'react';
import type { PreferenceChange, RecipientPreference } from './herald-api.js';
import { useHerald } from './herald-provider.js';

export interface PreferencesView {
  status: 'loading' | 'ready' | 'error';
  preferences: readonly RecipientPreference[];
  error: Error | null;
  /** Sets one preference (a target, optionally one medium, on or off), then reads them back. */
  set(change: PreferenceChange): Promise<void>;
  refresh(): Promise<void>;
}

/** The provider recipient's own preferences, changed with its recipient token. */
export function usePreferences(): PreferencesView {
  const { api } = useHerald();
  const [state, setState] = useState<Pick<PreferencesView, 'status' | 'preferences' | 'error'>>({ status: 'loading', preferences: [], error: null });
  const refresh = useCallback(async () => {
    try {
      const preferences = await api.preferences.list();
      setState({ status: 'ready', preferences, error: null });
    } catch (e) {
      setState((s) => ({ ...s, status: 'error', error: e instanceof Error ? e : new Error(String(e)) }));
    }
  }, [api]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const set = useCallback(
    async (change: PreferenceChange) => {
      try {
        await api.preferences.set(change);
      } catch (e) {
        setState((s) => ({ ...s, error: e instanceof Error ? e : new Error(String(e)) }));
        return;
      }
      await refresh();
    },
    [api, refresh],
  );
  return { ...state, set, refresh };
}
