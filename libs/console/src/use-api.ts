import { useEffect, useState } from 'preact/hooks';
import { ApiError } from './api';

/** An API error in words for the page: the gateway's message and code, or that it could not be reached. */
export const errorText = (err: unknown) => (err instanceof ApiError ? `${err.message} (${err.code})` : 'The gateway could not be reached');

/** What `load` answers, loaded again when `deps` change or on `reload()`; its error in words. */
export function useLoaded<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () =>
    load().then(
      (d) => {
        setData(d);
        setError(null);
      },
      (err) => setError(errorText(err)),
    );
  useEffect(() => {
    void reload();
  }, deps);
  return { data, error, setError, reload };
}
