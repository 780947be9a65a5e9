import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

/** Any path outside the route table (docs/product.md#screens, #messages). */
export default function NotFound() {
  return (
    <main className="screen not-found">
      <h1>
        <Trans>404: Page Not Found</Trans>
      </h1>
      <p className="muted">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link href="/" className="button button--primary">
        <Trans>Back to home</Trans>
      </Link>
    </main>
  );
}
