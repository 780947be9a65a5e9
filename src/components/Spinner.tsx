import { useLingui } from '@lingui/react/macro';

/** A busy indicator that screen readers announce; `label` is shown beside it when given. */
export default function Spinner({ label, inline = false }: { label?: string; inline?: boolean }) {
  const { t } = useLingui();
  return (
    <div className={inline ? 'spinner spinner--inline' : 'spinner'} role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      {label ? <span className="spinner__label">{label}</span> : <span className="visually-hidden">{t`Loading…`}</span>}
    </div>
  );
}
