import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type Ref } from 'react';
import FileDrop from './FileDrop';
import FormField from './FormField';

/** A supplier's optional logo picker (onboarding and profile editing): the chosen picture shows small with its name. */
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
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!logo?.type.startsWith('image/')) return setPreview(null);
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);
  return (
    <FormField label={<Trans>Logo (optional)</Trans>} error={error} hint={logo ? logo.name : undefined}>
      {(control) => (
        <FileDrop prompt={<Trans>Choose a picture</Trans>} chosen={logo?.name} preview={preview} disabled={disabled}>
          <input
            {...control}
            ref={inputRef}
            type="file"
            name="logo"
            accept="image/*"
            disabled={disabled}
            onChange={(event) => onChange(event.target.files?.[0])}
          />
        </FileDrop>
      )}
    </FormField>
  );
}
