import { useId, type ReactNode } from 'react';
import './ui.css';

/** What a field's control must carry so its label, hint and error are tied to it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  label: ReactNode;
  /** The field's error text; shown under the control and announced with it. */
  error?: string | null;
  hint?: ReactNode;
  /** Renders the control (input, select, textarea) with the props that link it to its label. */
  children: (control: ControlProps) => ReactNode;
  className?: string;
}

/** A labelled form control with its hint and error text underneath. */
export default function FormField({ label, error, hint, children, className }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
