import { Trans } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import ListingScreen, { decodeSegment } from './ListingScreen';
import { useDidYouMean } from '../../queries/didYouMean';

/** /search/ and /search/{term}: results for the URL-encoded term (optional: without one, every product). */
export default function SearchScreen() {
  const term = decodeSegment(useParams<{ term?: string }>().term).trim();
  // The search with its typos corrected (docs/search.md): from the server online, the device offline.
  const suggestion = useDidYouMean(term);
  return (
    <ListingScreen
      query={{ search: term || undefined }}
      heading={term ? <Trans>Results for “{term}”</Trans> : <Trans>All products</Trans>}
      notice={
        suggestion ? (
          <p className="listing__did-you-mean" role="status">
            <Trans>
              Did you mean <Link href={`/search/${encodeURIComponent(suggestion)}`}>{suggestion}</Link>?
            </Trans>
          </p>
        ) : null
      }
      emptyTitle={<Trans>No products found</Trans>}
      emptyText={
        term ? (
          <Trans>Nothing matches “{term}”. Try another word or browse the categories.</Trans>
        ) : (
          <Trans>There are no products in the catalogue yet.</Trans>
        )
      }
      failure={<Trans>Failed to fetch results.</Trans>}
      emptyAction={
        <Link href={term ? `/requests/new?title=${encodeURIComponent(term)}` : '/requests/new'} className="button button--primary">
          <Trans>Can't find it? Ask suppliers</Trans>
        </Link>
      }
    />
  );
}
