import type { ReactNode } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import EmptyState from '../../components/EmptyState';
import PageHeading from '../../components/PageHeading';
import '../screens.css';

/**
 * The frame every product listing shares (search, category, flash deals, new arrivals): the
 * heading, the result count and the grid, or an empty state pointing back to the catalogue.
 * The products come from the local catalogue as it syncs; until it holds any, the list is empty.
 */
export default function ListingScreen({ heading, emptyTitle, emptyText, children, count = 0 }: {
  heading: ReactNode;
  emptyTitle: ReactNode;
  emptyText?: ReactNode;
  children?: ReactNode;
  count?: number;
}) {
  return (
    <main className="screen listing">
      <PageHeading subtitle={<Plural value={count} one="# product" other="# products" />}>{heading}</PageHeading>
      {count > 0 ? (
        <div className="product-grid">{children}</div>
      ) : (
        <EmptyState
          title={emptyTitle}
          action={<Link href="/" className="button button--primary"><Trans>Explore products</Trans></Link>}
        >
          {emptyText}
        </EmptyState>
      )}
    </main>
  );
}

/** A URL segment as the user typed it; a malformed escape is shown as it is rather than failing. */
export function decodeSegment(segment: string | undefined): string {
  if (!segment) return '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
