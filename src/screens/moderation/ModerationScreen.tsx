import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import PageHeading from '@/components/PageHeading';
import Tabs from '@/components/Tabs';
import { useAuth } from '@/queries/auth';
import { useConnectivity } from '@/queries/status';
import NotFound from '../NotFound';
import ActionLog from './ActionLog';
import ReportQueue from './ReportQueue';
import VerificationQueue from './VerificationQueue';
import './moderation.css';

type TabKey = 'reports' | 'verifications' | 'log';

/**
 * /moderation (docs/product.md#trust-and-safety): the report queue by target, the business
 * verification requests and the log of actions, for moderators only; anyone else gets the 404.
 * Online only: every list and decision goes straight to the server.
 */
export default function ModerationScreen() {
  const { t } = useLingui();
  const { user } = useAuth();
  const online = useConnectivity();
  const [tab, setTab] = useState<TabKey>('reports');
  if (!user?.is_moderator) return <NotFound />;
  return (
    <main className="screen moderation">
      <PageHeading subtitle={<Trans>Reports, business verification and every action taken, with its reason.</Trans>}>
        <Trans>Moderation</Trans>
      </PageHeading>
      {online ? null : (
        <p className="form-reason moderation__offline" role="status">
          <Trans>You are offline: moderation needs a connection. Reconnect to load the lists and decide.</Trans>
        </p>
      )}
      <Tabs<TabKey>
        label={t`Moderation`}
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'reports', label: <Trans>Reports</Trans> },
          { key: 'verifications', label: <Trans>Verification</Trans> },
          { key: 'log', label: <Trans>Action log</Trans> },
        ]}
      >
        {tab === 'reports' ? <ReportQueue /> : tab === 'verifications' ? <VerificationQueue /> : <ActionLog />}
      </Tabs>
    </main>
  );
}
