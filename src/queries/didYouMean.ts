import { useEffect, useState } from 'react';
import { api, isOnline, loadDevice } from '../sync';

/**
 * "Did you mean" for a search (docs/search.md): the server's correction online, the device's
 * (drawn from the products it holds) offline or when the server cannot be reached.
 */
export async function fetchDidYouMean(term: string, signal?: AbortSignal): Promise<string | undefined> {
  const trimmed = term.trim();
  if (!trimmed) return undefined;
  const local = async () => (await loadDevice()).localDidYouMean(trimmed);
  if (!isOnline()) return local();
  try {
    return await api.didYouMean(trimmed, signal);
  } catch (error) {
    if (signal?.aborted) return undefined;
    console.warn('Could not load the search correction', error);
    return local();
  }
}

/** The correction for the search shown, once per term; none while it loads. */
export function useDidYouMean(term: string): string | undefined {
  const [found, setFound] = useState<{ term: string; suggestion?: string }>();
  useEffect(() => {
    const controller = new AbortController();
    fetchDidYouMean(term, controller.signal).then((suggestion) => {
      if (!controller.signal.aborted) setFound({ term, suggestion });
    });
    return () => controller.abort();
  }, [term]);
  return found?.term === term ? found.suggestion : undefined;
}
