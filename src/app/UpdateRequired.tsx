import { useEffect, useId, useRef, useState } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { useAppOutdated, useOutboxStatus } from '../queries/status';
import Logo from './Logo';
import { updateApp, type UpdateOutcome } from './pwa';

/**
 * "Update to continue" (docs/api.md#app-versions): the server no longer serves this build. Over
 * everything, since any screen would now fail; the changes still queued on the device stay there
 * and the updated app sends them, which the screen says. "Update now" takes the new version from
 * the service worker and reloads; when it cannot yet, the screen says why and stays.
 */
export default function UpdateRequired() {
  const outdated = useAppOutdated();
  if (!outdated) return null;
  return <UpdateScreen />;
}

function UpdateScreen() {
  const id = useId();
  const { pending } = useOutboxStatus();
  const [state, setState] = useState<'idle' | 'updating' | Exclude<UpdateOutcome, 'reloading'>>('idle');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const update = async () => {
    setState('updating');
    const outcome = await updateApp();
    if (outcome !== 'reloading') setState(outcome);
  };
  return (
    <div className="modal-backdrop modal-backdrop--full update-required__backdrop">
      <div
        className="modal modal--full update-required"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <div className="update-required__body">
          <Logo size={56} />
          <h2 id={`${id}-title`}>
            <Trans>Update to continue</Trans>
          </h2>
          <p id={`${id}-text`}>
            <Trans>This version of the app is no longer supported. Update to the newest version to keep using it.</Trans>
          </p>
          <p className="update-required__kept">
            {pending > 0 ? (
              <Plural
                value={pending}
                one="Your # change not sent yet is kept on this device and will be sent after the update."
                other="Your # changes not sent yet are kept on this device and will be sent after the update."
              />
            ) : (
              <Trans>Everything you saved on this device is kept.</Trans>
            )}
          </p>
          {state === 'unreachable' ? (
            <p className="alert alert--error" role="alert">
              <Trans>The update could not be downloaded. Check your connection and try again.</Trans>
            </p>
          ) : state === 'not-ready' ? (
            <p className="alert alert--info" role="status">
              <Trans>The new version is not ready yet. Try again in a few minutes.</Trans>
            </p>
          ) : null}
          <button
            ref={button}
            type="button"
            className="button button--primary update-required__button"
            onClick={update}
            disabled={state === 'updating'}
            aria-busy={state === 'updating'}
          >
            {state === 'updating' ? <Trans>Updating…</Trans> : <Trans>Update now</Trans>}
          </button>
        </div>
      </div>
    </div>
  );
}
