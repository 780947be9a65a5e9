import { Trans } from '@lingui/react/macro';
import FormField from './FormField';
import { useCountryName } from './countries';
import { COUNTRIES } from '../shared/constants';

/** The country picker of sign-up and account details: every country the marketplace serves, named in the active language. */
export default function CountryField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const countryName = useCountryName();
  return (
    <FormField label={<Trans>Country</Trans>} error={error}>
      {(control) => (
        <select
          {...control}
          name="country"
          autoComplete="country"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        >
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {countryName(country.code)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
