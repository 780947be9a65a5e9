import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseIcon, DownloadIcon } from './icons';
import Picture from './Picture';
import { ImagePlaceholder } from './ProductCard';
import { CAROUSEL_SWIPE_PX } from '../shared/constants';
import './MediaViewer.css';

/** One thing the viewer can show; any `type` other than image or video is shown as unsupported. */
export interface ViewerMedia {
  url: string;
  type: string;
  alt?: string;
  /** The picture's dominant colour, shown while it loads. */
  tint?: string | null;
}

interface Props {
  items: ViewerMedia[];
  /** The item shown first. */
  start?: number;
  onClose(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/** The file name a download gets: the last part of the URL's path. */
function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0];
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || 'media';
}

/**
 * Full-screen image or video (docs/product.md#screens media viewer) with close and download. Escape closes,
 * the arrow keys and a horizontal swipe (the carousel's 40 px threshold) move between items;
 * focus stays inside while it is open and returns to where it was when it closes.
 */
export default function MediaViewer({ items, start = 0, onClose }: Props) {
  const { t } = useLingui();
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), Math.max(items.length - 1, 0)));
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const item = items[index];
  const many = items.length > 1;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  const go = (step: number) => {
    if (!many) return;
    setIndex((i) => (i + step + items.length) % items.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowRight' && many) {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft' && many) {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'Tab') {
      // Keep the focus inside the dialog: it covers the whole page.
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const distance = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(distance) >= CAROUSEL_SWIPE_PX) go(distance < 0 ? 1 : -1);
  };

  if (!item) return null;
  const position = index + 1;
  const total = items.length;
  const supported = item.type === 'image' || item.type === 'video';

  return createPortal(
    <div
      ref={dialog}
      className="media-viewer"
      role="dialog"
      tabIndex={-1}
      aria-modal="true"
      aria-label={t`Media viewer`}
      onKeyDown={onKeyDown}
    >
      <div className="media-viewer__bar">
        {many ? <p className="media-viewer__count" aria-live="polite">{t`${position} of ${total}`}</p> : <span />}
        <div className="media-viewer__actions">
          {supported ? (
            <a className="media-viewer__button" href={item.url} download={fileNameOf(item.url)} target="_blank" rel="noopener">
              <DownloadIcon />
              <span>{t`Download`}</span>
            </a>
          ) : null}
          <button ref={closeButton} type="button" className="media-viewer__button" onClick={onClose}>
            <CloseIcon />
            <span>{t`Close`}</span>
          </button>
        </div>
      </div>
      <div
        className="media-viewer__stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
      >
        {item.type === 'image' ? (
          <Picture
            key={item.url}
            className="media-viewer__media"
            src={item.url}
            alt={item.alt ?? ''}
            draggable={false}
            tint={item.tint}
            fallback={<ImagePlaceholder className="media-viewer__media" />}
          />
        ) : item.type === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: videos are uploaded by users, who provide no caption track.
          <video className="media-viewer__media" src={item.url} controls playsInline aria-label={item.alt} />
        ) : (
          <p className="media-viewer__unsupported" role="alert">
            <Trans>Unsupported media type for viewer.</Trans>
          </p>
        )}
      </div>
      {many ? (
        <div className="media-viewer__nav">
          <button type="button" className="media-viewer__button" onClick={() => go(-1)} aria-label={t`Previous`}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="media-viewer__button" onClick={() => go(1)} aria-label={t`Next`}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </div>,
    document.body,
  );
}
