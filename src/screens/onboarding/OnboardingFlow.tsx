import { Trans } from '@lingui/react/macro';
import PageHeading from '../../components/PageHeading';

export default function OnboardingFlow({ onDone }: { onDone?: () => void }) {
  return (
    <section className="onboarding" data-has-done={Boolean(onDone)}>
      <PageHeading><Trans>Set up your account</Trans></PageHeading>
    </section>
  );
}
