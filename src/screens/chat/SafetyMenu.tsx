import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import BlockButton from '@/components/BlockButton';
import { ReportAction } from '@/components/ReportButton';

/**
 * The conversation's safety actions behind one small button, so the header stays one line on a
 * phone: report the other side, block or unblock them (docs/product.md#trust-and-safety).
 */
export default function SafetyMenu({ userId, name }: { userId: number; name: string }) {
  const { t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    // A click elsewhere closes it; a dialog opened from it lives in it, so its clicks keep it open.
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes it, unless a dialog opened from it takes the key.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !(event.target as HTMLElement).closest('[role="dialog"],[role="alertdialog"]')) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="safety-menu" ref={box}>
      <button
        type="button"
        className="nav-button safety-menu__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={t`More about ${name}`}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div id={`${id}-panel`} className="safety-menu__panel card" hidden={!open}>
        <ReportAction type="user" id={userId} name={name} />
        <BlockButton userId={userId} name={name} />
      </div>
    </div>
  );
}
