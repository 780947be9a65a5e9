import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SPLASH_MS } from '../shared/constants';
import { AuthProvider } from '../sync/auth';
import { LanguageProvider } from './LanguageProvider';
import Layout from './Layout';
import { AppRoutes } from './routes';
import Splash from './Splash';

/** The splash over the app for SPLASH_MS at start; the app loads beneath it meanwhile. */
function StartSplash({ ms }: { ms: number }) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(ms > 0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setVisible(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return visible ? <Splash text={t`Connecting Markets...`} /> : null;
}

/** Translations (a splash until the first catalog is in) and the session. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider fallback={<Splash />}>
      <AuthProvider>{children}</AuthProvider>
    </LanguageProvider>
  );
}

/** The whole app. `splashMs` is 0 in tests. */
export default function App({ splashMs = SPLASH_MS }: { splashMs?: number }) {
  return (
    <AppProviders>
      <Layout>
        <AppRoutes />
      </Layout>
      <StartSplash ms={splashMs} />
    </AppProviders>
  );
}
