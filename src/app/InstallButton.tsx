import { Trans } from '@lingui/react/macro';
import { DownloadIcon } from '../components/icons';
import { promptInstall, usePwa } from './pwa';

/** "Install app", shown only where the browser offers installation. */
export default function InstallButton({ className = 'nav-button' }: { className?: string }) {
  const { installPrompt } = usePwa();
  if (!installPrompt) return null;
  return (
    <button type="button" className={className} onClick={() => promptInstall()}>
      <DownloadIcon />{' '}
      <span>
        <Trans>Install app</Trans>
      </span>
    </button>
  );
}
