import type { ReactNode } from 'react';
import FormField from './FormField';

/** A required one-line input with its label and error, for the account forms (sign-up, account details, new passwords). */
export default function TextField({
  name,
  label,
  type,
  autoComplete,
  value,
  error,
  disabled,
  maxLength,
  onChange,
}: {
  name: string;
  label: ReactNode;
  type: string;
  autoComplete: string;
  value: string;
  error?: string;
  disabled: boolean;
  maxLength?: number;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          maxLength={maxLength}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
