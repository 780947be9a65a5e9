import type { ReactNode } from 'react';
import './ui.css';

/** What a list shows when it has nothing in it: a short title, a line of text and an action. */
export default function EmptyState({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{title}</h2>
      {children ? <p className="empty-state__text">{children}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
