import type { ReactNode } from 'react';

type Kind = 'error' | 'success' | 'info';

/**
 * A message box. Errors use role="alert" so they are read out at once; success and info
 * messages are polite status updates.
 */
export default function Alert({ kind = 'error', children, id }: { kind?: Kind; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
