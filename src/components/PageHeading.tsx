import type { ReactNode } from 'react';

/** The one h1 of a screen, with an optional line under it. */
export default function PageHeading({ children, subtitle, id }: { children: ReactNode; subtitle?: ReactNode; id?: string }) {
  return (
    <header className="page-heading">
      <h1 id={id} tabIndex={-1}>
        {children}
      </h1>
      {subtitle ? <p className="page-heading__subtitle">{subtitle}</p> : null}
    </header>
  );
}
