import { Trans } from '@lingui/react/macro';
import Price from '@/components/Price';
import type { Product } from '@/shared/catalogue';
import ListingScreen from './ListingScreen';
import { timeLeft } from './timeLeft';
import { useNow } from '@/queries/clock';

/** "Ends in 2 d 4 h", "Ends in 3 h 20 min", "Ends in 5 min", or "Deal ended". */
export function DealTimeLeft({ endsAt, now }: { endsAt: string | null; now: number }) {
  const left = timeLeft(endsAt, now);
  if (!left) return <Trans>Deal ended</Trans>;
  const { days, hours, minutes } = left;
  if (days > 0)
    return (
      <Trans>
        Ends in {days} d {hours} h
      </Trans>
    );
  if (hours > 0)
    return (
      <Trans>
        Ends in {hours} h {minutes} min
      </Trans>
    );
  return <Trans>Ends in {minutes} min</Trans>;
}

function DealNote({ product, now }: { product: Product; now: number }) {
  return (
    <span className="deal-note">
      <span className="deal-note__price">
        <Trans>Deal price</Trans> <Price min={product.price} />
      </span>
      <span className="deal-note__time">
        <DealTimeLeft endsAt={product.flash_deal_ends_at} now={now} />
      </span>
    </span>
  );
}

/** /flash-deals: products on a deal that has not ended, ending soonest first, each with its time left. */
export default function FlashDealsScreen() {
  const now = useNow();
  return (
    <ListingScreen
      query={{ section: 'flash-deals' }}
      heading={<Trans>Flash deals</Trans>}
      emptyTitle={<Trans>No flash deals right now</Trans>}
      emptyText={<Trans>Deals appear here as soon as suppliers lower their prices.</Trans>}
      failure={<Trans>Failed to fetch Flash Deals. Please try again later.</Trans>}
      note={(product) => <DealNote product={product} now={now} />}
    />
  );
}
