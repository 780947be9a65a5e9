import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '../shared/types';
import { largeFilesAhead } from './account';
import {
  api,
  ApiError,
  clearTokens,
  getRefreshToken,
  hasStoredTokens,
  intent,
  onOtherTabSession,
  onTokensCleared,
  revokeSession,
  sessionIsOf,
  sessionOwner,
  setTokens,
  type RegistrationInput,
} from '../sync';

const clearPrivateData = intent('clearPrivateData');

/** Authentication state of docs/product.md#start-up-and-the-route-guard: starts loading, then authenticated or guest. */
export type AuthStatus = 'loading' | 'authenticated' | 'guest';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  /** Stores the tokens and loads /me/. */
  login(email: string, password: string): Promise<User>;
  /** Signs up, keeping the answer's registration token in memory for the code's confirmation. */
  register(input: RegistrationInput): Promise<void>;
  /**
   * Direct token login after the emailed code (docs/product.md#start-up-and-the-route-guard). When the server made the sign-up's
   * password unusable (mustSetPassword), the user is signed in only once setNewPassword succeeds.
   */
  verifyOtp(email: string, otp: string): Promise<OtpResult>;
  /** Chooses the new password asked for by verifyOtp, then signs the user in. */
  setNewPassword(newPassword1: string, newPassword2: string): Promise<User>;
  resendOtp(email: string): Promise<void>;
  /** Sends the onboarding form; the answer replaces the user. */
  completeOnboarding(form: FormData): Promise<User>;
  /** Revokes the refresh token on the server (best effort), forgets the user and clears their data on the device. */
  logout(): Promise<void>;
  /** Reloads /me/ (e.g. after a profile edit); null when it failed. */
  refreshUser(): Promise<User | null>;
  /** Replaces the user with a server answer that already holds it (e.g. PATCH /me/). */
  setUser(user: User): void;
}

export interface OtpResult {
  user: User;
  mustSetPassword: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The last sign-up's registration token: in memory only (never stored), so it proves that
 * this very page made the sign-up when the code is confirmed.
 */
let registration: { email: string; token: string } | null = null;

interface State {
  status: AuthStatus;
  user: User | null;
}

/** The last known user, so a signed-in device that starts offline stays signed in. */
const USER_CACHE_KEY = 'current_user';
function cachedUser(): User | null {
  try {
    const text = localStorage.getItem(USER_CACHE_KEY);
    return text ? (JSON.parse(text) as User) : null;
  } catch {
    return null;
  }
}
function cacheUser(user: User | null) {
  try {
    if (user) localStorage.setItem(USER_CACHE_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_CACHE_KEY);
  } catch {
    // Storage full or blocked: the cache is only a convenience.
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(() => ({ status: hasStoredTokens() ? 'loading' : 'guest', user: null }));

  const signIn = useCallback((user: User) => {
    cacheUser(user);
    setState({ status: 'authenticated', user });
  }, []);
  const becomeGuest = useCallback(() => {
    cacheUser(null);
    setState({ status: 'guest', user: null });
  }, []);

  // Start-up: a stored token means "fetch the current user". Only the server's refusal of the
  // session signs out: offline, a dropped or late answer, or a server error keep the tokens and
  // the last known user, so saved favourites and chats stay usable until the server can decide.
  useEffect(() => {
    if (!hasStoredTokens()) return;
    let cancelled = false;
    api.me().then(
      (user) => {
        if (!cancelled) signIn(user);
      },
      (error) => {
        if (cancelled) return;
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        const lastKnown = refused ? null : cachedUser();
        if (lastKnown) return signIn(lastKnown);
        if (refused) clearTokens();
        becomeGuest();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [signIn, becomeGuest]);

  // The API client clears the tokens when a refresh fails: that is a logout too.
  useEffect(() => onTokensCleared(becomeGuest), [becomeGuest]);

  // Another tab signed out, or in as someone else: this tab follows at once, and shows no one
  // until it knows who (it never keeps showing one user while the session is another's).
  const shown = useRef<number | null>(null);
  shown.current = state.user?.id ?? null;
  useEffect(
    () =>
      onOtherTabSession(() => {
        const owner = sessionOwner();
        if (owner !== undefined && owner === shown.current) return;
        // The other tab keeps the stored copies (tokens, last user) up to date: only this tab's state changes.
        if (owner === null) return setState({ status: 'guest', user: null });
        setState({ status: 'loading', user: null });
        api.me().then(
          (user) => {
            if (sessionIsOf(user.id)) setState({ status: 'authenticated', user });
          },
          () => {
            const lastKnown = cachedUser();
            setState(lastKnown?.id === owner ? { status: 'authenticated', user: lastKnown } : { status: 'guest', user: null });
          },
        );
      }),
    [],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const pair = await api.login(email, password);
      setTokens(pair);
      try {
        const user = await api.me();
        signIn(user);
        return user;
      } catch (error) {
        clearTokens();
        throw error;
      }
    },
    [signIn],
  );

  const register = useCallback(async (input: RegistrationInput) => {
    const token = await api.register(input);
    registration = token ? { email: input.email.toLowerCase(), token } : null;
  }, []);

  // The confirmed user waiting for a new password before being signed in.
  const awaitingPassword = useRef<User | null>(null);

  const verifyOtp = useCallback(
    async (email: string, otp: string): Promise<OtpResult> => {
      const token = registration?.email === email.toLowerCase() ? registration.token : null;
      const { access, refresh, user, must_set_password } = await api.verifyOtp(email, otp, token);
      registration = null;
      setTokens({ access, refresh });
      const mustSetPassword = Boolean(must_set_password);
      if (mustSetPassword) awaitingPassword.current = user;
      else signIn(user);
      return { user, mustSetPassword };
    },
    [signIn],
  );

  const setNewPassword = useCallback(
    async (new_password1: string, new_password2: string) => {
      await api.setPassword({ new_password1, new_password2 });
      const user = awaitingPassword.current ?? (await api.me());
      awaitingPassword.current = null;
      signIn(user);
      return user;
    },
    [signIn],
  );

  const completeOnboarding = useCallback(
    async (form: FormData) => {
      const user = await api.setAccountType(await largeFilesAhead(form));
      signIn(user);
      return user;
    },
    [signIn],
  );

  const logout = useCallback(async () => {
    const refresh = getRefreshToken();
    const userId = state.user?.id ?? null;
    clearTokens();
    becomeGuest();
    await clearPrivateData({ userId }).catch((error) => console.warn('Could not clear the local data', error));
    if (refresh) await revokeSession(refresh).catch((error) => console.warn('Logout could not revoke the session', error));
  }, [becomeGuest, state.user]);

  const refreshUser = useCallback(async () => {
    try {
      const user = await api.me();
      signIn(user);
      return user;
    } catch (error) {
      console.warn('Could not reload the current user', error);
      return null;
    }
  }, [signIn]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login,
      register,
      verifyOtp,
      setNewPassword,
      resendOtp: api.resendOtp,
      completeOnboarding,
      logout,
      refreshUser,
      setUser: signIn,
    }),
    [state, login, register, verifyOtp, setNewPassword, completeOnboarding, logout, refreshUser, signIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/**
 * Where to go after signing in (docs/product.md#start-up-and-the-route-guard): a first login goes to onboarding; otherwise an
 * unverified account goes to the code entry (pass the email in navigation state); otherwise
 * back to the page that was asked for, or home.
 */
export function routeAfterLogin(user: User, from?: string): string {
  if (user.is_first_login) return '/onboarding';
  if (!user.is_verified) return '/verify-otp';
  return from?.startsWith('/') && !from.startsWith('/login') ? from : '/';
}
