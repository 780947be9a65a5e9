import { useLingui } from '@lingui/react/macro';
import { attachmentKind } from '@/shared/messaging';
import { DownloadIcon, PaperclipIcon } from '@/components/icons';
import Picture from '@/components/Picture';
import { formatFileSize } from '@/shared/format';

/** A file's type as people name it: its extension in capitals ("PDF"), or null without one. */
export function fileTypeOf(name: string): string | null {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(name.trim())?.[1];
  return ext ? ext.toUpperCase() : null;
}

/** "PDF file · 1.2 MB" beside a file's name: the size only when known (older messages lack it). */
export function FileFacts({ name, size }: { name: string; size?: number | null }) {
  const { t } = useLingui();
  const type = fileTypeOf(name);
  const parts = [type ? t`${type} file` : null, typeof size === 'number' ? formatFileSize(size) : null].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="message__file-facts">{parts.join(' · ')}</span>;
}

/** The file name a link shows: the last part of the URL's path. */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0];
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || url;
  } catch {
    return path.slice(path.lastIndexOf('/') + 1) || url;
  }
}

/**
 * A message's file, shown by the extension of its URL (docs/product.md#chat-rules): pictures and videos inline
 * (a picture in the 400 px variant, opening full size full screen), anything else as a download link.
 */
export default function Attachment({
  url,
  name: original,
  size,
  onOpen,
}: {
  url: string;
  /** The file's name on the sender's device, when the server knows it. */
  name?: string | null;
  /** Its size in bytes, when the server knows it. */
  size?: number | null;
  onOpen(url: string, kind: 'image' | 'video'): void;
}) {
  const { t } = useLingui();
  const kind = attachmentKind(url);
  if (kind === 'image') {
    return (
      <button
        type="button"
        className="message__media-button"
        onClick={() => onOpen(url, 'image')}
        aria-label={t`Open the picture full screen`}
      >
        <Picture
          className="message__image"
          media={{ url, width: 400 }}
          alt=""
          loading="lazy"
          fallback={
            <span className="message__image message__image--missing" role="img" aria-label={t`Picture not available offline`}>
              <PaperclipIcon width={20} height={20} />
            </span>
          }
        />
      </button>
    );
  }
  if (kind === 'video') {
    return (
      <span className="message__video-wrap">
        {/* biome-ignore lint/a11y/useMediaCaption: videos are uploaded by users, who provide no caption track. */}
        <video className="message__video" src={url} controls preload="metadata" aria-label={t`Video`} />
        <button type="button" className="link-button message__full" onClick={() => onOpen(url, 'video')}>{t`Full screen`}</button>
      </span>
    );
  }
  const name = original || fileNameOf(url);
  return (
    <span className="message__file-item">
      <a className="message__file" href={url} download={name} target="_blank" rel="noopener">
        <DownloadIcon /> <span>{name}</span>
      </a>
      <FileFacts name={name} size={size} />
    </span>
  );
}
