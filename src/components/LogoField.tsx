import { Trans } from '@lingui/react/macro';
import type { Ref } from 'react';
import FormField from './FormField';

/** A supplier's optional logo picker (onboarding and profile editing); the chosen file's name shows as the hint. */
export default function LogoField({
  logo,
  error,
  disabled,
  inputRef,
  onChange,
}: {
  logo: File | null | undefined;
  error?: string | null;
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChange: (file: File | undefined) => void;
}) {
  return (
    <FormField label={<Trans>Logo (optional)</Trans>} error={error} hint={logo ? logo.name : undefined}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="file"
          name="logo"
          accept="image/*"
          disabled={disabled}
          onChange={(event) => onChange(event.target.files?.[0])}
        />
      )}
    </FormField>
  );
}
