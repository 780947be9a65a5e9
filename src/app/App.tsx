import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SPLASH_MS } from '../shared/constants';
import { AuthProvider, useAuth } from '../queries/auth';
import { LanguageProvider } from './LanguageProvider';
import Layout from './Layout';
import { AppRoutes } from './routes';
import Splash from './Splash';

/**
 * The splash over the app for SPLASH_MS from the page's start; the app loads beneath it
 * meanwhile. index.html paints the same splash before any script (#boot-splash): this one
 * takes over from it for whatever time is left.
 */
function StartSplash({ ms }: { ms: number }) {
  const { t } = useLingui();
  const { status } = useAuth();
  const [left] = useState(() => ms - performance.now());
  const [visible, setVisible] = useState(ms > 0 && left > 0);
  useLayoutEffect(() => {
    document.getElementById('boot-splash')?.remove();
  }, []);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(false), left);
    return () => clearTimeout(timer);
  }, [visible, left]);
  // The session check runs beneath the splash: say so, or it would never be seen (it is usually done within the splash).
  return visible ? <Splash text={t`Connecting Markets...`} busy={status === 'loading' ? t`Authenticating...` : undefined} /> : null;
}

/** Translations (a splash until the first catalog is in) and the session. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider fallback={<Splash />}>
      <AuthProvider>{children}</AuthProvider>
    </LanguageProvider>
  );
}

/**
 * The whole app. `splashMs` is 0 in tests, and for a server-rendered page: there the page's own
 * splash (index.html's #boot-splash) ends by itself at SPLASH_MS, and the render matches the server's.
 */
export default function App({ splashMs = SPLASH_MS }: { splashMs?: number }) {
  return (
    <AppProviders>
      <Layout>
        <AppRoutes />
      </Layout>
      {splashMs > 0 && <StartSplash ms={splashMs} />}
    </AppProviders>
  );
}
