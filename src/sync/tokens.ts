import type { TokenPair } from '../shared/types';

/**
 * The signed-in device's tokens in local storage (docs/api.md#calls "client storage"). Listeners hear
 * when the tokens are cleared, so a silent logout inside the API client reaches the auth state.
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

type Listener = () => void;
const clearedListeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function hasStoredTokens(): boolean {
  return Boolean(getAccessToken() || getRefreshToken());
}

export function setTokens(pair: TokenPair): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, pair.access);
  localStorage.setItem(REFRESH_TOKEN_KEY, pair.refresh);
}

export function clearTokens(): void {
  const had = hasStoredTokens();
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  if (had) for (const listener of clearedListeners) listener();
}

/** Called whenever stored tokens are removed (logout, failed refresh). Returns an unsubscribe. */
export function onTokensCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}
