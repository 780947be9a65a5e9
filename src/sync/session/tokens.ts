import type { TokenPair } from '../../shared/types';
import { shareTokens } from './sharedTokens';

/**
 * The signed-in device's tokens in local storage (docs/api.md#calls "client storage"). Listeners hear
 * when the tokens are cleared, so a silent logout inside the API client reaches the auth state.
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

type Listener = () => void;
const clearedListeners = new Set<Listener>();

/**
 * A service worker has no localStorage: there the tokens live in memory, loaded from the copy
 * the page shares (./sharedTokens.ts), and a refresh it makes is shared back.
 */
let memory: Map<string, string> | null = null;

export function keepTokensInMemory(pair: TokenPair | null): void {
  memory = new Map(
    pair
      ? [
          [ACCESS_TOKEN_KEY, pair.access],
          [REFRESH_TOKEN_KEY, pair.refresh],
        ]
      : [],
  );
}

function read(key: string): string | null {
  if (memory) return memory.get(key) ?? null;
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
  if (memory) {
    keepTokensInMemory(pair);
    void shareTokens(pair, 'worker');
    return;
  }
  localStorage.setItem(ACCESS_TOKEN_KEY, pair.access);
  localStorage.setItem(REFRESH_TOKEN_KEY, pair.refresh);
  void shareTokens(pair);
}

export function clearTokens(): void {
  const had = hasStoredTokens();
  if (memory) memory.clear();
  else {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  }
  void shareTokens(null);
  if (had) for (const listener of clearedListeners) listener();
}

/** Called whenever stored tokens are removed (logout, failed refresh). Returns an unsubscribe. */
export function onTokensCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}
