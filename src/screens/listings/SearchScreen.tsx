import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';
import ListingScreen, { decodeSegment } from './ListingScreen';

/** /search/ and /search/{term}: results for the URL-encoded term (optional: without one, every product). */
export default function SearchScreen() {
  const term = decodeSegment(useParams<{ term?: string }>().term).trim();
  return (
    <ListingScreen
      query={{ search: term || undefined }}
      heading={term ? <Trans>Results for “{term}”</Trans> : <Trans>All products</Trans>}
      emptyTitle={<Trans>No products found</Trans>}
      emptyText={
        term ? (
          <Trans>Nothing matches “{term}”. Try another word or browse the categories.</Trans>
        ) : (
          <Trans>There are no products in the catalogue yet.</Trans>
        )
      }
      failure={<Trans>Failed to fetch results.</Trans>}
    />
  );
}
