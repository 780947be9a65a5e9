import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import BannerCarousel from '@/screens/home/BannerCarousel';
import type { Banner } from '@/shared/catalogue';
import { renderScreen } from '../harness';

const banners: Banner[] = [
  { id: 1, image_url: '/media/b1.png', title: 'Harvest week', link: 'https://example.com/harvest' },
  { id: 2, image_url: '/media/b2.png', title: 'Textiles from Bursa', link: null },
  { id: 3, image_url: '/media/b3.png', title: 'Shea season', link: 'https://example.com/shea' },
];

/** The slide a sighted user sees (the others are hidden). */
const visible = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .filter((g) => !g.hasAttribute('hidden'))
    .map((g) => g.getAttribute('aria-label'));

function reducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the home banner carousel (docs/product.md#screens, #constants)', () => {
  it('turns every 5 s, and a linked banner opens in a new tab', () => {
    vi.useFakeTimers();
    reducedMotion(false);
    renderScreen(<BannerCarousel banners={banners} />);
    expect(screen.getByRole('region', { name: 'Featured banners' })).toBeTruthy();
    expect(visible()).toEqual(['1 of 3']);
    const link = screen.getByRole('link', { name: /Harvest week/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(visible()).toEqual(['1 of 3']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(visible()).toEqual(['2 of 3']);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(visible()).toEqual(['1 of 3']);
  });

  it('stops turning when paused, and under prefers-reduced-motion', () => {
    vi.useFakeTimers();
    reducedMotion(false);
    const { unmount } = renderScreen(<BannerCarousel banners={banners} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(visible()).toEqual(['1 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(visible()).toEqual(['2 of 3']);
    unmount();

    reducedMotion(true);
    renderScreen(<BannerCarousel banners={banners} />);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(visible()).toEqual(['1 of 3']);
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull();
  });

  it('a swipe of 40 px or more turns it, a shorter one does not', () => {
    reducedMotion(true);
    const { container } = renderScreen(<BannerCarousel banners={banners} />);
    const viewport = container.querySelector('.carousel__viewport')!;
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 165 });
    expect(visible()).toEqual(['1 of 3']);
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 160 });
    expect(visible()).toEqual(['2 of 3']);
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 150 });
    expect(visible()).toEqual(['1 of 3']);
  });

  it('is usable with the keyboard: previous, next and one button per slide', async () => {
    reducedMotion(true);
    const { user } = renderScreen(<BannerCarousel banners={banners} />);
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visible()).toEqual(['3 of 3']);
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visible()).toEqual(['1 of 3']);
    screen.getByRole('button', { name: 'Go to slide 2' }).focus();
    await user.keyboard('{Enter}');
    expect(visible()).toEqual(['2 of 3']);
    expect(screen.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('img', { name: 'Textiles from Bursa' })).toBeTruthy();
  });
});
