import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../queries/auth';
import { useSyncEngine } from '../queries/useSyncEngine';
import Navbar from './navbar/Navbar';
import BottomTabBar from './navbar/BottomTabBar';
import Footer from './Footer';
import OfflineIndicator from './OfflineIndicator';
import SyncProgress from './SyncProgress';
import UpdatePrompt from './UpdatePrompt';
import UpdateRequired from './UpdateRequired';
import { ToastHost } from '../components/Toast';
import { SignOutDialog } from '../components/SignOut';

const OnboardingFlow = lazy(() => import('../screens/onboarding/OnboardingFlow'));

/** The full-screen onboarding modal on first login (docs/product.md#screens Home), except on /onboarding itself. */
function OnboardingModal() {
  const { user } = useAuth();
  const [location] = useLocation();
  const { t } = useLingui();
  if (!user?.is_first_login || location === '/onboarding') return null;
  return (
    <div className="modal-backdrop modal-backdrop--full">
      <div className="modal modal--full" role="dialog" aria-modal="true" aria-label={t`Set up your account`}>
        <Suspense fallback={null}>
          <OnboardingFlow />
        </Suspense>
      </div>
    </div>
  );
}

/** The shell around every screen: navbar, content, footer, bottom tabs, offline and update notices. */
export default function Layout({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const [location] = useLocation();
  const { t } = useLingui();
  useSyncEngine();

  // A new page starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger, not a value read.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location]);

  return (
    <div className={`app${status === 'authenticated' ? ' app--with-tabs' : ''}`}>
      <a href="#content" className="skip-link">{t`Skip to content`}</a>
      <Navbar />
      <OfflineIndicator />
      <div id="content" className="content">
        {children}
      </div>
      <Footer />
      <SyncProgress />
      <BottomTabBar />
      <UpdatePrompt />
      <ToastHost />
      <OnboardingModal />
      <SignOutDialog />
      <UpdateRequired />
    </div>
  );
}
