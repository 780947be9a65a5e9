import { useRef, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import MediaViewer, { type ViewerMedia } from '@/components/MediaViewer';
import Picture from '@/components/Picture';
import { ImagePlaceholder } from '@/components/ProductCard';

/**
 * The product's pictures and videos (docs/product.md#screens): one large, the others as thumbnails below.
 * A thumbnail shows its item large; the large one opens the full-screen viewer. The arrow keys
 * move along the thumbnails.
 */
export default function ProductGallery({ media, name }: { media: ViewerMedia[]; name: string }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState(false);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = media[Math.min(index, media.length - 1)];
  const total = media.length;

  if (!current) {
    return (
      <div className="gallery__placeholder" role="img" aria-label={t`No picture of ${name}`}>
        <Trans>No picture</Trans>
      </div>
    );
  }

  const onThumbKey = (event: KeyboardEvent, i: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (i + step + total) % total;
    setIndex(next);
    thumbs.current[next]?.focus();
  };

  const position = index + 1;
  return (
    <div className="gallery">
      <div className="gallery__stage">
        {current.type === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: videos are uploaded by users, who provide no caption track.
          <video
            className="gallery__media"
            src={current.url}
            controls
            preload="metadata"
            playsInline
            aria-label={t`Video ${position} of ${total}: ${name}`}
          />
        ) : (
          <button
            type="button"
            className="gallery__open"
            onClick={() => setViewing(true)}
            aria-label={t`View picture ${position} of ${total} full screen`}
          >
            <Picture
              key={current.url}
              className="gallery__media"
              media={{ url: current.url, width: 800, srcSet: true }}
              sizes="(min-width: 900px) 560px, 100vw"
              // The page's largest picture: asked for first (the server's page preloads the first one too).
              fetchPriority={index === 0 ? 'high' : undefined}
              alt={name}
              tint={current.tint}
              fallback={<ImagePlaceholder className="gallery__placeholder" />}
            />
          </button>
        )}
        {current.type === 'video' ? (
          <button type="button" className="button button--small gallery__fullscreen" onClick={() => setViewing(true)}>
            <Trans>Full screen</Trans>
          </button>
        ) : null}
      </div>
      {total > 1 ? (
        <ul className="gallery__thumbs" aria-label={t`Pictures and videos`}>
          {media.map((item, i) => {
            const n = i + 1;
            return (
              <li key={item.url}>
                <button
                  ref={(el) => {
                    thumbs.current[i] = el;
                  }}
                  type="button"
                  className="gallery__thumb"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={item.type === 'video' ? t`Show video ${n} of ${total}` : t`Show picture ${n} of ${total}`}
                  tabIndex={i === index ? 0 : -1}
                  onClick={() => setIndex(i)}
                  onKeyDown={(event) => onThumbKey(event, i)}
                >
                  {item.type === 'video' ? (
                    <>
                      <video src={item.url} preload="metadata" muted tabIndex={-1} aria-hidden="true" />
                      <span className="gallery__play" aria-hidden="true">
                        ▶
                      </span>
                    </>
                  ) : (
                    <Picture media={{ url: item.url, width: 200 }} alt="" loading="lazy" tint={item.tint} fallback={<ImagePlaceholder />} />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {viewing ? <MediaViewer items={media} start={index} onClose={() => setViewing(false)} /> : null}
    </div>
  );
}
