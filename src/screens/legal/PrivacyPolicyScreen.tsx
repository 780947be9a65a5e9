import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import LegalPage from './LegalPage';

/** /privacy-policy: what the marketplace collects, why, who sees it and what users can do. */
export default function PrivacyPolicyScreen() {
  return (
    <LegalPage
      title={<Trans>Privacy Policy</Trans>}
      sections={[
        {
          title: <Trans>Information we collect</Trans>,
          body: (
            <Trans>
              When you create an account we collect your name, email address, phone number and country. Suppliers also give a company name,
              industries and optionally a logo; buyers give a name and categories of interest. We store the products, reviews, favorites and
              messages you create.
            </Trans>
          ),
        },
        {
          title: <Trans>How we use it</Trans>,
          body: (
            <Trans>
              We use your information to run your account, show your listings and profile to other users, deliver messages and price offers
              between buyers and suppliers, send verification codes and notifications, and protect the marketplace from fraud and abuse.
            </Trans>
          ),
        },
        {
          title: <Trans>What other users can see</Trans>,
          body: (
            <Trans>
              Your public profile (name or company name, logo, member-since year, verification badge and ratings), your listings and your
              reviews are visible to everyone. Your email address and phone number are never shown publicly. Messages are visible only to
              the people in the conversation.
            </Trans>
          ),
        },
        {
          title: <Trans>Storage on your device</Trans>,
          body: (
            <Trans>
              The app keeps your sign-in tokens, language, theme, currency, exchange rates and recently viewed products in your browser's
              storage, and keeps copies of products and messages so they stay available offline. Signing out removes your sign-in tokens
              from the device.
            </Trans>
          ),
        },
        {
          title: <Trans>Sharing</Trans>,
          body: (
            <Trans>
              We do not sell your personal data. We share it only with service providers that help us run the marketplace, such as hosting
              and email delivery, under confidentiality obligations, or when the law requires it.
            </Trans>
          ),
        },
        {
          title: <Trans>Security</Trans>,
          body: (
            <Trans>
              Passwords are stored only in hashed form, sign-in attempts are rate limited and email addresses are confirmed with a one-time
              code.
            </Trans>
          ),
        },
        {
          title: <Trans>Retention and your rights</Trans>,
          body: (
            <Trans>
              We keep your data while your account is open. You can view and correct your profile at any time and delete your account from
              the settings of your profile; your personal data is then removed, except what the law requires us to keep.
            </Trans>
          ),
        },
        {
          title: <Trans>Changes to this policy</Trans>,
          body: (
            <Trans>
              We may update this policy. The date at the top shows the current version, and significant changes are announced in the app.
            </Trans>
          ),
        },
      ]}
      footer={
        <Trans>
          See also our <Link href="/terms-of-service">Terms of Service</Link>.
        </Trans>
      }
    />
  );
}
