import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { UploadIcon } from './icons';
import './ui.css';

/**
 * A file input dressed in the theme and the app's language: the real input lies over the whole
 * zone, invisible, so a tap opens the picker, a file dragged onto it on a desktop is dropped in
 * it, and the keyboard focus and the field's label stay the input's own. `chosen` names what is picked.
 */
export default function FileDrop({
  prompt,
  chosen,
  preview,
  disabled,
  children,
}: {
  prompt: ReactNode;
  chosen?: ReactNode;
  /** An object URL of the chosen picture, shown small beside its name. */
  preview?: string | null;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`file-drop${disabled ? ' file-drop--disabled' : ''}`}>
      {children}
      <span className="file-drop__face" aria-hidden="true">
        <UploadIcon className="file-drop__icon" />
        <span className="file-drop__text">
          <span className="file-drop__prompt">{prompt}</span>
          <span className="file-drop__hint">
            <Trans>or drop it here</Trans>
          </span>
        </span>
        <span className="file-drop__chosen">{chosen ?? <Trans>No file chosen</Trans>}</span>
        {preview ? <img className="file-drop__preview" src={preview} alt="" /> : null}
      </span>
    </div>
  );
}
