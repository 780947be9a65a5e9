import { createPortal } from 'react-dom';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@/shared/trust';
import { reportTarget } from '@/queries/reports';
import { errorDetail } from '@/queries/errors';
import { REASON_LABELS, REPORT_TITLES } from './reportReasons';
import './trust.css';

interface Props {
  type: ReportTargetType;
  id: number;
  /** What is reported, as the user knows it (a product's or a person's name). */
  name?: string;
  onClose(): void;
}

/**
 * The report sheet (docs/product.md#trust-and-safety): a reason, and words of the reporter's own
 * (required for "Something else"). The report is recorded on the device and sent when the network
 * allows (docs/sync.md#reports), so it works offline.
 */
export default function ReportSheet({ type, id, name, onClose }: Props) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<{ reason?: string; details?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => first.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError({ reason: t`Choose a reason.` });
      first.current?.focus();
      return;
    }
    if (reason === 'other' && !details.trim()) {
      setError({ details: t`Tell us what is wrong.` });
      detailsRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await reportTarget({ target_type: type, target_id: id, reason, details: details.trim() });
      onClose();
    } catch (err) {
      setBusy(false);
      setError({ form: errorDetail(err, t`Could not record your report.`) });
    }
  };

  const detailsId = `${formId}-details`;
  const left = REPORT_DETAILS_MAX - details.length;
  // On document.body: a page part that makes its own stacking context (the product page) must not hold the sheet under the bars.
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes the sheet; the keyboard closes it with Escape.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes the sheet; the keyboard closes it with Escape.
    <div
      className="modal-backdrop trust-sheet-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal card trust-sheet" role="dialog" aria-modal="true" aria-labelledby={`${formId}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${formId}-title`}>{i18n._(REPORT_TITLES[type])}</h2>
        {name ? <p className="trust-sheet__what">{name}</p> : null}
        <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
          <fieldset className="trust-reasons" aria-describedby={error.reason ? `${formId}-reason-error` : undefined}>
            <legend>
              <Trans>What is wrong?</Trans>
            </legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value} className="trust-reasons__choice">
                <input
                  ref={index === 0 ? first : undefined}
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setError({});
                  }}
                />
                <span>{i18n._(REASON_LABELS[value])}</span>
              </label>
            ))}
            {error.reason ? (
              <p className="field__error" id={`${formId}-reason-error`} role="alert">
                {error.reason}
              </p>
            ) : null}
          </fieldset>
          <div className={['field', error.details ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
            <label className="field__label" htmlFor={detailsId}>
              {reason === 'other' ? <Trans>Details (required)</Trans> : <Trans>Details (optional)</Trans>}
            </label>
            <textarea
              ref={detailsRef}
              id={detailsId}
              name="details"
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              value={details}
              aria-invalid={error.details ? true : undefined}
              aria-describedby={`${detailsId}-hint${error.details ? ` ${detailsId}-error` : ''}`}
              onChange={(event) => {
                setDetails(event.target.value);
                setError({});
              }}
            />
            <p className="field__hint" id={`${detailsId}-hint`}>
              <Trans>{left} characters left</Trans>
            </p>
            {error.details ? (
              <p className="field__error" id={`${detailsId}-error`} role="alert">
                {error.details}
              </p>
            ) : null}
          </div>
          <p className="muted trust-sheet__note">
            <Trans>Only our moderators see your report. You will be told what they decided. It is sent as soon as you are online.</Trans>
          </p>
          {error.form ? (
            <p className="field__error" role="alert">
              {error.form}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" className="button button--danger" disabled={busy}>
              <Trans>Send report</Trans>
            </button>
            <button type="button" className="button button--ghost" onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
