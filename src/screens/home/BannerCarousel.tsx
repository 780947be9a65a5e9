import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent, type PointerEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PauseIcon, PlayIcon } from '@/components/icons';
import type { Banner } from '@/shared/catalogue';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_SWIPE_PX } from '@/shared/constants';
import Picture from '@/components/Picture';
import { useContentText } from '@/queries/content';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeMotion(listener: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** The user asked the system for less motion: the carousel then never turns by itself. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeMotion,
    () => Boolean(window.matchMedia?.(REDUCED_MOTION).matches),
    () => false,
  );
}

/**
 * The home banners (docs/product.md#screens, #constants): a new slide every 5 s, a 40 px swipe turns it, previous/next
 * buttons and one dot per slide; it stops turning while hovered or focused, when paused with
 * its button, and under prefers-reduced-motion. A banner with a link opens it in a new tab.
 */
export default function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useLingui();
  const { bannerTitle } = useContentText();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const swiped = useRef(false);
  const count = banners.length;
  const current = Math.min(index, count - 1);
  const rotating = count > 1 && !paused && !reducedMotion && !hovered && !focused;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a slide chosen by hand (current) starts a full interval again.
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, count, current]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const moved = event.clientX - swipeStart.current;
    swipeStart.current = null;
    swiped.current = Math.abs(moved) >= CAROUSEL_SWIPE_PX;
    if (swiped.current) go(current + (moved < 0 ? 1 : -1));
  };
  // A mouse drag ends in a click on the banner's link: a swipe must not open it.
  const onClickCapture = (event: MouseEvent) => {
    if (!swiped.current) return;
    swiped.current = false;
    event.preventDefault();
  };

  return (
    <section
      className="carousel"
      aria-roledescription={t`carousel`}
      aria-label={t`Featured banners`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node)) setFocused(false);
      }}
    >
      <div
        className="carousel__viewport"
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onClickCapture={onClickCapture}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {banners.map((banner, i) => {
          const position = i + 1;
          const image = (
            <Picture
              className="carousel__image"
              media={{ url: banner.image_url, width: 800, srcSet: true }}
              sizes="100vw"
              alt={bannerTitle(banner)}
              loading={i === 0 ? 'eager' : 'lazy'}
              // The first slide is the home page's largest paint: asked for before the cards' pictures.
              fetchPriority={i === 0 ? 'high' : undefined}
              draggable={false}
              fallback={<span className="carousel__image carousel__image--missing" role="img" aria-label={banner.title} />}
            />
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: a slide of the ARIA carousel pattern (role group, roledescription slide).
            <div
              key={banner.id}
              className="carousel__slide"
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${position} of ${count}`}
              hidden={i !== current}
            >
              {banner.link ? (
                <a href={banner.link} target="_blank" rel="noopener noreferrer" className="carousel__link" draggable={false}>
                  {image}
                  <span className="visually-hidden">
                    <Trans>(opens in a new tab)</Trans>
                  </span>
                </a>
              ) : (
                image
              )}
              {banner.title ? (
                <p className="carousel__caption" aria-hidden="true">
                  {bannerTitle(banner)}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="carousel__controls">
          <button type="button" className="carousel__arrow" aria-label={t`Previous slide`} onClick={() => go(current - 1)}>
            ‹
          </button>
          <div className="carousel__dots">
            {banners.map((banner, i) => {
              const position = i + 1;
              return (
                <button
                  key={banner.id}
                  type="button"
                  className="carousel__dot"
                  aria-label={t`Go to slide ${position}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              );
            })}
          </div>
          <button type="button" className="carousel__arrow" aria-label={t`Next slide`} onClick={() => go(current + 1)}>
            ›
          </button>
          {/* In the control row, not over the picture: on a phone a text button covered the banner. */}
          {reducedMotion ? null : (
            <button
              type="button"
              className="carousel__arrow carousel__pause"
              aria-label={paused ? t`Play slideshow` : t`Pause slideshow`}
              onClick={() => setPaused((p) => !p)}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
