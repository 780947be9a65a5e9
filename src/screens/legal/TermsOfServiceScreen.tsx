import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import LegalPage from './LegalPage';

/** /terms-of-service: the rules for suppliers and buyers using the marketplace. */
export default function TermsOfServiceScreen() {
  return (
    <LegalPage
      title={<Trans>Terms of Service</Trans>}
      sections={[
        {
          title: <Trans>Acceptance</Trans>,
          body: (
            <Trans>
              By creating an account or using the marketplace you agree to these terms. If you do not agree, please do not use the service.
            </Trans>
          ),
        },
        {
          title: <Trans>Your account</Trans>,
          body: (
            <Trans>
              Give accurate information, confirm your email address and keep your password secret. You are responsible for everything done
              with your account.
            </Trans>
          ),
        },
        {
          title: <Trans>Suppliers</Trans>,
          body: (
            <Trans>
              Suppliers list only products they are entitled to sell, with honest descriptions, prices, stock and minimum order quantities,
              and answer buyers in good faith. The verified badge is granted by the marketplace after checks and can be withdrawn.
            </Trans>
          ),
        },
        {
          title: <Trans>Buyers</Trans>,
          body: (
            <Trans>
              Buyers use messages and price offers for genuine purchase enquiries and write reviews that reflect their own experience with a
              product.
            </Trans>
          ),
        },
        {
          title: <Trans>Orders and prices</Trans>,
          body: (
            <Trans>
              The marketplace connects buyers and suppliers; a sale is agreed directly between them. Prices shown in other currencies are
              converted with indicative exchange rates; the supplier's price in US dollars is the reference.
            </Trans>
          ),
        },
        {
          title: <Trans>Prohibited use</Trans>,
          body: (
            <Trans>
              Illegal, counterfeit, dangerous or misleading products, spam, harassment and attempts to get around the marketplace's security
              are forbidden. We may remove such content and suspend the accounts involved.
            </Trans>
          ),
        },
        {
          title: <Trans>Liability</Trans>,
          body: (
            <Trans>
              The service is provided as it is. To the extent the law allows, we are not responsible for the quality, safety or legality of
              listed products or for disputes between users.
            </Trans>
          ),
        },
        {
          title: <Trans>Ending your account</Trans>,
          body: (
            <Trans>
              You can delete your account at any time from the settings of your profile. We may suspend or close accounts that break these
              terms.
            </Trans>
          ),
        },
        {
          title: <Trans>Changes to these terms</Trans>,
          body: (
            <Trans>We may update these terms. Continuing to use the marketplace after a change means you accept the new version.</Trans>
          ),
        },
      ]}
      footer={
        <Trans>
          See also our <Link href="/privacy-policy">Privacy Policy</Link>.
        </Trans>
      }
    />
  );
}
