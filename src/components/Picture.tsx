import { useCallback, useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { mediaSrcSet, mediaUrl } from '../media/image';

/**
 * One of our own media files (a stored `/media/` URL), shown at `width` (src/media/image.ts
 * picks the resized variant); `srcSet` offers every width too, for the browser to choose. Screens
 * and the shell name pictures this way and never build media URLs themselves.
 */
export interface MediaSource {
  url: string;
  width: number;
  srcSet?: boolean;
}

/** A stored dominant colour ("#rrggbb"): anything else is not put in a style. */
const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * An <img> that never shows the browser's broken-picture icon: when the picture cannot be had
 * (not on the device and no network, or gone) the designed `fallback` takes its place. While
 * loading, the slot shows the picture's dominant colour when it is known (`tint`, carried with
 * the product or media), else the theme's quiet surface (`.picture` in ui.css), not an empty box.
 */
/**
 * A failed picture is hidden at once, in the failure's own task, so the broken-picture icon is
 * never painted while React renders the stand-in (which can take a while on a busy phone
 * rendering a long list). The slot keeps its size and tint meanwhile.
 */
function hide(element: HTMLImageElement): void {
  if (element.complete && element.naturalWidth === 0) element.style.visibility = 'hidden';
}

export default function Picture({
  fallback,
  className,
  alt,
  tint,
  style,
  media,
  ...img
}: ImgHTMLAttributes<HTMLImageElement> & { fallback: ReactNode; alt: string; tint?: string | null; media?: MediaSource }) {
  const [brokenSrc, setBrokenSrc] = useState<string | undefined>(undefined);
  const src = media ? mediaUrl(media.url, media.width) : img.src;
  const srcSet = media?.srcSet ? mediaSrcSet(media.url) : img.srcSet;
  // Offline, the service worker fails a picture it does not hold at once: the error can fire
  // before React commits the element (a concurrent render of a long list), and a state update
  // from a component not yet mounted is dropped. The element itself still says it is broken.
  // A later failure is also heard on the element itself, not only through React's onError.
  const check = useCallback(
    (element: HTMLImageElement | null) => {
      if (!element) return;
      if (!element.complete) {
        const failed = () => {
          hide(element);
          setBrokenSrc(src);
        };
        element.addEventListener('error', failed, { once: true });
        return () => element.removeEventListener('error', failed);
      }
      if (element.naturalWidth > 0) return;
      element.decode().catch(() => {
        if (!element.isConnected || !element.complete || element.naturalWidth > 0) return;
        hide(element);
        setBrokenSrc(src);
      });
    },
    [src],
  );
  if (src && brokenSrc === src) return <>{fallback}</>;
  const background = tint && COLOUR.test(tint) ? { backgroundColor: tint } : undefined;
  return (
    <img
      {...img}
      src={src}
      srcSet={srcSet}
      ref={check}
      alt={alt}
      className={`picture ${className ?? ''}`}
      style={background ? { ...background, ...style } : style}
      onError={(event) => {
        hide(event.currentTarget);
        setBrokenSrc(src);
      }}
    />
  );
}
