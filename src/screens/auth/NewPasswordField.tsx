import type { ReactNode } from 'react';
import FormField from '@/components/FormField';

/** A new-password input (the password manager offers to make one); typing clears the field's error. */
export default function NewPasswordField({
  name,
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  name: string;
  label: ReactNode;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="password"
          autoComplete="new-password"
          required
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
