import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import EmptyState from '@/components/EmptyState';
import PageHeading from '@/components/PageHeading';
import Spinner from '@/components/Spinner';
import Tabs from '@/components/Tabs';
import { useAuth } from '@/queries/auth';
import { useMyRfqs, useRfqsToQuote } from '@/queries/rfqs';
import RfqList from './RfqList';
import SupplierRequests from './SupplierRequests';
import '../screens.css';
import './rfqs.css';

type TabKey = 'for-you' | 'mine';

/**
 * /requests: requests for quotation (docs/api.md#requests-for-quotation). A supplier's first tab
 * lists the open requests of their categories; "My requests" lists the reader's own. Read from
 * the device, so it opens offline. `?tab=mine` opens the second tab.
 */
export default function RfqsScreen() {
  const { t } = useLingui();
  const { user } = useAuth();
  const supplier = user?.user_type === 'SUPPLIER';
  const asked = new URLSearchParams(useSearch()).get('tab');
  // Until a tab is chosen, the default follows the account (which may still be loading at the first render).
  const [chosen, setTab] = useState<TabKey | null>(null);
  const tab = chosen ?? (supplier && asked !== 'mine' ? 'for-you' : 'mine');
  const toQuote = useRfqsToQuote(supplier ? user?.id : undefined) ?? 0;
  if (!user) return null;
  const post = (
    <Link href="/requests/new" className="button button--primary">
      <Trans>Post a request</Trans>
    </Link>
  );
  const mine = <MyRequests userId={user.id} action={post} />;
  return (
    <main className="screen rfqs">
      <PageHeading subtitle={<Trans>Tell suppliers what you need; compare their quotes side by side.</Trans>}>
        <Trans>Requests for quotation</Trans>
      </PageHeading>
      <div className="rfqs__toolbar">{post}</div>
      {supplier ? (
        <Tabs<TabKey>
          label={t`Requests`}
          active={tab}
          onChange={setTab}
          tabs={[
            { key: 'for-you', label: toQuote > 0 ? <Trans>For you ({toQuote})</Trans> : <Trans>For you</Trans> },
            { key: 'mine', label: <Trans>My requests</Trans> },
          ]}
        >
          {tab === 'for-you' ? <SupplierRequests supplierId={user.id} /> : mine}
        </Tabs>
      ) : (
        mine
      )}
    </main>
  );
}

function MyRequests({ userId, action }: { userId: number; action: React.ReactNode }) {
  const { data: rfqs } = useMyRfqs(userId);
  if (rfqs === undefined) return <Spinner />;
  if (rfqs.length === 0)
    return (
      <EmptyState title={<Trans>No requests yet</Trans>} action={action}>
        <Trans>Can't find a product? Describe it, and suppliers of its category send you quotes.</Trans>
      </EmptyState>
    );
  return <RfqList rfqs={rfqs} reader="buyer" />;
}
