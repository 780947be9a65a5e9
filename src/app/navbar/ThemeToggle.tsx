import { useLingui } from '@lingui/react/macro';
import { toggleTheme, useTheme } from '../theme';
import { MoonIcon, SunIcon } from '@/components/icons';

/** Switches between the dark (default) and light theme; named for what it will do. */
export default function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const theme = useTheme();
  const { t } = useLingui();
  const label = theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`;
  return (
    <button type="button" className="nav-button" onClick={toggleTheme} aria-label={withLabel ? undefined : label} title={label}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      {withLabel ? <span>{label}</span> : null}
    </button>
  );
}
