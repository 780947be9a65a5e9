import { Trans } from '@lingui/react/macro';
import BackLink from '../../components/BackLink';
import PageHeading from '../../components/PageHeading';
import '../screens.css';

/** /products/{id}: one product with its gallery, seller card, reviews and related products. */
export default function ProductDetailScreen() {
  return (
    <main className="screen product-detail">
      <BackLink href="/"><Trans>Back to products</Trans></BackLink>
      <PageHeading><Trans>Product details</Trans></PageHeading>
    </main>
  );
}
