import { MEDIA_WIDTHS } from '../shared/constants';

/**
 * Resized variants of our own media (docs/api.md#picture-widths: `/media/<file>?w=<width>` answers a WebP of
 * that width). Only `/media/` URLs of this app's origin have them; any other URL is used as it
 * is. Plain string checks: a grid of cards calls this hundreds of times while the home page
 * paints, and URL parsing showed in its profile.
 */
const RESIZABLE = /^\/media\/[^?#]+\.(png|jpe?g|webp|gif)(\?[^#]*)?$/i;

let pageOrigin: string | undefined;
/** The page's origin, read once: `location.origin` is a slow property, asked once per picture. */
function origin(): string {
  if (typeof window === 'undefined') return '';
  pageOrigin ??= window.location.origin;
  return pageOrigin;
}

/** The URL's path when it is one of our resizable media files, else null. */
function ownMediaPath(url: string | null | undefined): string | null {
  if (!url) return null;
  const here = origin();
  const path = url.startsWith('/') ? url : here && url.startsWith(`${here}/`) ? url.slice(here.length) : null;
  return path && !path.startsWith('//') && RESIZABLE.test(path) ? path : null;
}

/** The smallest offered width covering `width` (the largest one beyond that). */
function offeredWidth(width: number): number {
  return MEDIA_WIDTHS.find((w) => w >= width) ?? MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1];
}

/** `url` at `width` px when the server can resize it, else `url` unchanged; keeps a relative URL relative. */
export function mediaUrl(url: string, width: number): string {
  const path = ownMediaPath(url);
  if (!path) return url;
  const query = path.includes('?') ? `${path.replace(/([?&])w=\d*&?/, '$1').replace(/[?&]$/, '')}` : path;
  const resized = `${query}${query.includes('?') ? '&' : '?'}w=${offeredWidth(width)}`;
  return url.startsWith('/') ? resized : `${origin()}${resized}`;
}

/** A srcset over every offered width ("…?w=200 200w, …?w=400 400w, …"), or undefined for other URLs. */
export function mediaSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !ownMediaPath(url)) return undefined;
  return MEDIA_WIDTHS.map((w) => `${mediaUrl(url, w)} ${w}w`).join(', ');
}
