import { Redirect } from 'wouter';
import { useAuth } from '@/queries/auth';
import OnboardingFlow from './OnboardingFlow';
import '../screens.css';

/** /onboarding: the two-step account setup on a page of its own; set-up accounts go home. */
export default function OnboardingScreen() {
  const { status, user } = useAuth();
  if (status === 'loading') return null;
  if (user?.user_type && !user.is_first_login) return <Redirect to="/" replace />;
  return (
    <main className="screen screen--narrow">
      <div className="card">
        <OnboardingFlow />
      </div>
    </main>
  );
}
