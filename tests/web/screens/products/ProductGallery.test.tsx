import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import ProductGallery from '@/screens/products/ProductGallery';
import { galleryMedia } from '@/screens/products/gallery';
import { renderScreen } from '../harness';
import { makeProduct } from './fixtures';

describe('galleryMedia', () => {
  it('puts the thumbnail first and keeps each source once, videos included', () => {
    expect(galleryMedia(makeProduct())).toEqual([
      { url: '/media/garri.png', type: 'image', alt: 'Premium Garri (Ijebu)' },
      { url: '/media/garri-bag.png', type: 'image', alt: 'Premium Garri (Ijebu)' },
      { url: '/media/garri.mp4', type: 'video', alt: 'Premium Garri (Ijebu)' },
    ]);
  });

  it('repeated gallery entries count once', () => {
    const images = [
      { id: 1, media_source_url: '/media/a.png', media_type: 'image' as const },
      { id: 2, media_source_url: '/media/a.png', media_type: 'image' as const },
    ];
    expect(galleryMedia(makeProduct({ thumbnail_url: '/media/t.png', images })).map((m) => m.url)).toEqual([
      '/media/t.png',
      '/media/a.png',
    ]);
  });
});

describe('ProductGallery', () => {
  const media = galleryMedia(makeProduct());

  it('shows the first picture large at a resized width and one thumbnail per item', () => {
    renderScreen(<ProductGallery media={media} name="Garri" />);
    const large = screen.getByRole('button', { name: 'View picture 1 of 3 full screen' });
    const img = within(large).getByRole('img', { name: 'Garri' });
    expect(img.getAttribute('src')).toBe('/media/garri.png?w=800');
    expect(img.getAttribute('srcset')).toContain('/media/garri.png?w=400 400w');
    const thumbs = within(screen.getByRole('list', { name: 'Pictures and videos' })).getAllByRole('button');
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual(['Show picture 1 of 3', 'Show picture 2 of 3', 'Show video 3 of 3']);
    expect(thumbs[0].getAttribute('aria-current')).toBe('true');
  });

  it('a thumbnail shows its item; a video plays in place with its controls', async () => {
    const { user, container } = renderScreen(<ProductGallery media={media} name="Garri" />);
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 3' }));
    expect(screen.getByRole('button', { name: 'View picture 2 of 3 full screen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show video 3 of 3' }));
    const video = container.querySelector('.gallery__stage video')!;
    expect(video.getAttribute('src')).toBe('/media/garri.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
  });

  it('moves along the thumbnails with the arrow keys', async () => {
    const { user } = renderScreen(<ProductGallery media={media} name="Garri" />);
    screen.getByRole('button', { name: 'Show picture 1 of 3' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Show video 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Show picture 1 of 3');
    expect(screen.getByRole('button', { name: 'View picture 1 of 3 full screen' })).toBeTruthy();
  });

  it('opens the full-screen viewer at the picture shown, and closes it', async () => {
    const { user } = renderScreen(<ProductGallery media={media} name="Garri" />);
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 3' }));
    await user.click(screen.getByRole('button', { name: 'View picture 2 of 3 full screen' }));
    const viewer = screen.getByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe('/media/garri-bag.png');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no thumbnails for a single picture, and a placeholder when there is none', () => {
    renderScreen(<ProductGallery media={media.slice(0, 1)} name="Garri" />);
    expect(screen.queryByRole('list')).toBeNull();
    renderScreen(<ProductGallery media={[]} name="Garri" />);
    expect(screen.getByRole('img', { name: 'No picture of Garri' })).toBeTruthy();
  });
});
