import { useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import FileDrop from '@/components/FileDrop';
import MediaViewer from '@/components/MediaViewer';
import Picture from '@/components/Picture';
import { useObjectUrl } from '@/components/useObjectUrl';
import { useMessage } from '@/components/useMessage';
import type { RfqPicture } from '@/queries/rfqs';
import { RFQ_PICTURES_MAX } from '@/shared/rfqs';
import { addPictures } from './rfqForm';

/**
 * A request's pictures (docs/api.md#requests-for-quotation): what the buyer wants it to look
 * like, a sample, a label. Picked in the form and kept on the device until they are up
 * (src/sync/outbox/rfqs.ts); on the request page, tiles that open full screen.
 */

/** The form's field: up to 5 images, each previewed with a Remove button. */
export function PicturePicker({ files, onChange, disabled }: { files: File[]; onChange(files: File[]): void; disabled: boolean }) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<string | null>(null);
  const full = files.length >= RFQ_PICTURES_MAX;

  const pick = (list: FileList | null) => {
    const picked = addPictures(files, Array.from(list ?? []));
    const notes: string[] = [];
    if (picked.duplicates) notes.push(t`Skipped ${picked.duplicates} picture(s) already added.`);
    if (picked.rejected) notes.push(t`Skipped ${picked.rejected} file(s) that are not pictures.`);
    if (picked.overflow) notes.push(t`A request can have at most 5 pictures.`);
    setNote(notes.length ? notes.join(' ') : null);
    onChange(picked.files);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-pictures`}>
        <Trans>Pictures (optional)</Trans>
      </label>
      <FileDrop
        prompt={<Trans>Choose pictures</Trans>}
        chosen={files.length > 0 ? <Trans>{files.length} chosen</Trans> : undefined}
        disabled={disabled || full}
      >
        <input
          ref={input}
          id={`${id}-pictures`}
          type="file"
          name="pictures"
          accept="image/*"
          multiple
          disabled={disabled || full}
          aria-describedby={`${id}-pictures-hint`}
          onChange={(event) => pick(event.target.files)}
        />
      </FileDrop>
      <p className="field__hint" id={`${id}-pictures-hint`} aria-live="polite">
        <Trans>
          A sample, a drawing or the label you want: {files.length} of {RFQ_PICTURES_MAX}.
        </Trans>
        {note ? ` ${note}` : ''}
      </p>
      {files.length > 0 ? (
        <ul className="media-tiles" aria-label={t`Pictures`}>
          {files.map((file, index) => (
            <li key={`${file.name} ${file.size}`} className="media-tile">
              <PickedPicture file={file} label={t`Picture ${index + 1}`} />
              <button
                type="button"
                className="button button--small media-tile__remove"
                disabled={disabled}
                onClick={() => onChange(files.filter((f) => f !== file))}
              >
                <Trans>Remove</Trans>
                <span className="visually-hidden"> {t`Picture ${index + 1}`}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PickedPicture({ file, label }: { file: Blob; label: string }) {
  const url = useObjectUrl(file);
  return url ? <img className="media-tile__preview" src={url} alt={label} /> : <span className="media-tile__name">{label}</span>;
}

/** The request page's pictures (useRfqPictures): the server's, or this device's still going up, with how far they got. */
export function RfqPictures({ title, pictures }: { title: string; pictures: RfqPicture[] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  if (pictures.length === 0) return null;
  const viewable = pictures.flatMap((p) => ('url' in p ? [p.url] : []));
  return (
    <>
      <ul className="media-tiles rfq__pictures" aria-label={t`Pictures`}>
        {pictures.map((picture, index) => (
          <li key={picture.key} className="media-tile">
            {'url' in picture ? (
              <button
                type="button"
                className="rfq__picture-open"
                onClick={() => setOpen(viewable.indexOf(picture.url))}
                aria-label={t`Open picture ${index + 1} of ${pictures.length}`}
              >
                <Picture
                  className="media-tile__preview"
                  media={{ url: picture.url, width: 200 }}
                  alt=""
                  fallback={<span className="media-tile__name">{t`Picture ${index + 1}`}</span>}
                />
              </button>
            ) : (
              <WaitingPicture picture={picture} label={t`Picture ${index + 1}`} />
            )}
          </li>
        ))}
      </ul>
      {open !== null ? (
        <MediaViewer
          items={viewable.map((url, index) => ({ url, type: 'image', alt: t`${title}, picture ${index + 1}` }))}
          start={open}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

/** A picture still on the device: previewed from its file, with its upload's progress or failure. */
function WaitingPicture({ picture, label }: { picture: Extract<RfqPicture, { file: Blob }>; label: string }) {
  const translate = useMessage();
  const share = picture.total > 0 ? Math.round((picture.sent / picture.total) * 100) : 0;
  return (
    <>
      <PickedPicture file={picture.file} label={label} />
      {picture.failed !== null ? (
        <span className="media-tile__name rfq__picture-failed">
          <Trans>Not sent: {translate(picture.failed)}</Trans>
        </span>
      ) : picture.sent === 0 ? (
        <span className="media-tile__name">
          <Trans>Waiting to upload</Trans>
        </span>
      ) : (
        <span className="media-tile__name">
          <Trans>Uploading, {share}%</Trans>
        </span>
      )}
    </>
  );
}
