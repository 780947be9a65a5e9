import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import VerifiedBadge from '@/components/VerifiedBadge';
import VerificationLine from '@/components/VerificationLine';
import { useSeller } from '@/queries/sellers';
import Picture from '@/components/Picture';
import type { Seller } from '@/shared/types';

/** The year a user joined, in UTC (the server's clock), or '' when unknown. */
export function memberSinceYear(dateJoined: string | null | undefined): string {
  const year = dateJoined ? new Date(dateJoined).getUTCFullYear() : NaN;
  return Number.isNaN(year) ? '' : String(year);
}

/**
 * Who sells the product (docs/product.md#screens): logo, name, verified badge, what was checked of
 * them and when (their public profile's, held on the device like their page), member-since year;
 * links to /users/{id}.
 */
export default function SellerCard({ seller }: { seller: Seller }) {
  const { seller: profile } = useSeller(seller.id);
  const name = seller.supplier_profile?.company_name?.trim() || seller.first_name;
  const logo = seller.supplier_profile?.logo_url;
  const year = memberSinceYear(seller.date_joined);
  return (
    <section className="seller-card card" aria-labelledby="seller-card-title">
      <h2 id="seller-card-title" className="visually-hidden">
        <Trans>Seller</Trans>
      </h2>
      {logo ? (
        <Picture
          className="seller-card__logo"
          media={{ url: logo, width: 200 }}
          alt=""
          width={56}
          height={56}
          fallback={
            <span className="seller-card__logo seller-card__logo--initial" aria-hidden="true">
              {name.charAt(0).toUpperCase()}
            </span>
          }
        />
      ) : (
        <span className="seller-card__logo seller-card__logo--initial" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="seller-card__body">
        <p className="seller-card__name">
          <Link href={`/users/${seller.id}`} className="seller-card__link">
            {name}
          </Link>
          {seller.supplier_profile?.is_verified ? <VerifiedBadge /> : null}
        </p>
        <VerificationLine checks={profile?.verification ?? []} registry={profile?.business_registry} />
        {year ? (
          <p className="seller-card__since">
            <Trans>Member since {year}</Trans>
          </p>
        ) : null}
      </div>
      <Link href={`/users/${seller.id}`} className="button button--small seller-card__more">
        <Trans>View seller</Trans>
      </Link>
    </section>
  );
}
