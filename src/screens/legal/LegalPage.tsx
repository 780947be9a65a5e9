import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import PageHeading from '@/components/PageHeading';
import { LEGAL_LAST_UPDATED } from '@/shared/constants';
import '../screens.css';

export interface LegalSection {
  title: ReactNode;
  body: ReactNode;
}

/** The legal pages' date (docs/product.md#constants), read as a calendar day so no time zone can shift it. */
function lastUpdated(): Date {
  const [year, month, day] = LEGAL_LAST_UPDATED.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** A static legal document: title, 'Last updated' date in the active language, short sections. */
export default function LegalPage({ title, sections, footer }: { title: ReactNode; sections: LegalSection[]; footer?: ReactNode }) {
  const { i18n } = useLingui();
  const date = i18n.date(lastUpdated(), { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <main className="screen screen--narrow legal">
      <PageHeading subtitle={<Trans>Last updated {date}</Trans>}>{title}</PageHeading>
      {sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed sections of text in a fixed order.
        <section key={index} className="legal__section">
          <h2>{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      {footer ? <p className="legal__footer">{footer}</p> : null}
    </main>
  );
}
