import { useId, useRef, useState, type RefObject } from 'react';
import FileDrop from '@/components/FileDrop';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductMedia } from '@/shared/catalogue';
import { GALLERY_MAX_FILES } from '@/shared/constants';
import Picture, { type MediaSource } from '@/components/Picture';
import { useObjectUrl } from '@/components/useObjectUrl';
import { addToGallery, isImageFile } from './gallery';

function Preview({ file, media, label }: { file?: File; media?: MediaSource | null; label: string }) {
  const local = useObjectUrl(file ?? null);
  const video = file ? file.type.startsWith('video/') : false;
  if (!local && !media) return <span className="media-tile__name">{label}</span>;
  return video && local ? (
    <video className="media-tile__preview" src={local} muted preload="metadata" aria-label={label} />
  ) : (
    <Picture
      className="media-tile__preview"
      src={local ?? undefined}
      media={local ? undefined : (media ?? undefined)}
      alt={label}
      fallback={<span className="media-tile__name">{label}</span>}
    />
  );
}

export interface GalleryState {
  /** Media the product already has and keeps (edit mode). */
  kept: ProductMedia[];
  /** Ids of the product's media to remove on save. */
  removed: number[];
  added: File[];
}

interface Props {
  editing: boolean;
  thumbnail: File | null;
  existingThumbnail: string | null;
  onThumbnail(file: File | null): void;
  thumbnailError?: string | null;
  thumbnailRef: RefObject<HTMLInputElement | null>;
  gallery: GalleryState;
  onGallery(next: GalleryState): void;
  disabled: boolean;
}

/** Thumbnail (1 image, required on create) and gallery (up to 10 images or videos) with previews (docs/product.md#uploads). */
export default function MediaFields({
  editing,
  thumbnail,
  existingThumbnail,
  onThumbnail,
  thumbnailError,
  thumbnailRef,
  gallery,
  onGallery,
  disabled,
}: Props) {
  const { t } = useLingui();
  const id = useId();
  const galleryInput = useRef<HTMLInputElement>(null);
  const [thumbNote, setThumbNote] = useState<string | null>(null);
  const [galleryNote, setGalleryNote] = useState<string | null>(null);
  const count = gallery.kept.length + gallery.added.length;

  const pickThumbnail = (file: File | undefined) => {
    if (file && !isImageFile(file)) {
      setThumbNote(t`The thumbnail must be an image.`);
      if (thumbnailRef.current) thumbnailRef.current.value = '';
      return;
    }
    setThumbNote(null);
    onThumbnail(file ?? null);
  };

  const pickGallery = (list: FileList | null) => {
    const pick = addToGallery(gallery.added, Array.from(list ?? []), gallery.kept.length);
    const notes: string[] = [];
    if (pick.duplicates) notes.push(t`Skipped ${pick.duplicates} file(s) already added.`);
    if (pick.rejected) notes.push(t`Skipped ${pick.rejected} file(s) that are not images or videos.`);
    if (pick.overflow) notes.push(t`A product can have at most 10 images or videos.`);
    setGalleryNote(notes.length ? notes.join(' ') : null);
    onGallery({ ...gallery, added: pick.files });
    if (galleryInput.current) galleryInput.current.value = '';
  };

  const thumbError = thumbNote ?? thumbnailError ?? null;
  return (
    <>
      <div className={`field${thumbError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-thumb`}>
          {editing ? <Trans>Thumbnail (leave empty to keep the current one)</Trans> : <Trans>Thumbnail</Trans>}
        </label>
        <FileDrop prompt={<Trans>Choose a picture</Trans>} chosen={thumbnail?.name} disabled={disabled}>
          <input
            ref={thumbnailRef}
            id={`${id}-thumb`}
            type="file"
            name="thumbnail"
            accept="image/*"
            disabled={disabled}
            aria-invalid={thumbError ? true : undefined}
            aria-describedby={thumbError ? `${id}-thumb-error` : undefined}
            onChange={(event) => pickThumbnail(event.target.files?.[0])}
          />
        </FileDrop>
        {thumbError ? (
          <p className="field__error" id={`${id}-thumb-error`}>
            {thumbError}
          </p>
        ) : null}
        {thumbnail || existingThumbnail ? (
          <div className="media-tiles">
            <figure className="media-tile">
              <Preview
                file={thumbnail ?? undefined}
                media={!thumbnail && existingThumbnail ? { url: existingThumbnail, width: 400 } : null}
                label={thumbnail ? thumbnail.name : t`Current thumbnail`}
              />
            </figure>
          </div>
        ) : null}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-gallery`}>
          <Trans>Gallery images or videos</Trans>
        </label>
        <FileDrop
          prompt={<Trans>Choose pictures or videos</Trans>}
          chosen={count > 0 ? <Trans>{count} chosen</Trans> : undefined}
          disabled={disabled || count >= GALLERY_MAX_FILES}
        >
          <input
            ref={galleryInput}
            id={`${id}-gallery`}
            type="file"
            name="images"
            accept="image/*,video/*"
            multiple
            disabled={disabled || count >= GALLERY_MAX_FILES}
            aria-describedby={`${id}-gallery-hint`}
            onChange={(event) => pickGallery(event.target.files)}
          />
        </FileDrop>
        <p className="field__hint" id={`${id}-gallery-hint`} aria-live="polite">
          <Trans>
            {count} of {GALLERY_MAX_FILES} files.
          </Trans>
          {galleryNote ? ` ${galleryNote}` : ''}
        </p>
        {count > 0 ? (
          <ul className="media-tiles" aria-label={t`Gallery`}>
            {gallery.kept.map((media, index) => (
              <li key={`kept-${media.id}`} className="media-tile">
                {media.media_type === 'video' ? (
                  <video
                    className="media-tile__preview"
                    src={media.media_source_url}
                    muted
                    preload="metadata"
                    aria-label={t`Gallery item ${index + 1}`}
                  />
                ) : (
                  <Picture
                    className="media-tile__preview"
                    media={{ url: media.media_source_url, width: 200 }}
                    alt={t`Gallery item ${index + 1}`}
                    fallback={<span className="media-tile__name">{t`Gallery item ${index + 1}`}</span>}
                  />
                )}
                <button
                  type="button"
                  className="button button--small media-tile__remove"
                  disabled={disabled}
                  onClick={() =>
                    onGallery({ ...gallery, kept: gallery.kept.filter((m) => m.id !== media.id), removed: [...gallery.removed, media.id] })
                  }
                >
                  <Trans>Remove</Trans>
                  <span className="visually-hidden"> {t`Gallery item ${index + 1}`}</span>
                </button>
              </li>
            ))}
            {gallery.added.map((file, index) => (
              <li key={`added-${file.name}-${file.size}`} className="media-tile">
                <Preview file={file} label={file.name} />
                <button
                  type="button"
                  className="button button--small media-tile__remove"
                  disabled={disabled}
                  onClick={() => onGallery({ ...gallery, added: gallery.added.filter((_, i) => i !== index) })}
                >
                  <Trans>Remove</Trans>
                  <span className="visually-hidden"> {file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
