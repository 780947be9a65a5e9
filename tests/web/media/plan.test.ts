import { describe, expect, it } from 'vitest';
import { keepShrunk, MAX_SIDE, shrinkPlan } from '@/media/plan';

const camera = { width: 4000, height: 3000, type: 'image/jpeg', bytes: 5_000_000 };

describe('what a picture becomes before upload', () => {
  it('brings the longest side down to 2048 px for a product gallery and 1600 px for chat and logos, keeping the shape', () => {
    expect(shrinkPlan(camera, 'gallery')).toEqual({ width: 2048, height: 1536, type: 'image/webp', quality: 0.8 });
    expect(shrinkPlan(camera, 'chat')).toMatchObject({ width: 1600, height: 1200 });
    // Portrait (as shown once the EXIF orientation is applied): the height is the longest side.
    expect(shrinkPlan({ ...camera, width: 3000, height: 4000 }, 'logo')).toMatchObject({ width: 1200, height: 1600 });
    expect(MAX_SIDE).toEqual({ gallery: 2048, chat: 1600, logo: 1600 });
  });

  it('always encodes a JPEG again, even a small one, so its orientation is applied and its location dropped', () => {
    expect(shrinkPlan({ width: 800, height: 600, type: 'image/jpeg', bytes: 90_000 }, 'chat')).toEqual({
      width: 800,
      height: 600,
      type: 'image/webp',
      quality: 0.8,
    });
  });

  it('writes JPEG where the browser cannot write WebP', () => {
    expect(shrinkPlan(camera, 'chat', false)).toEqual({ width: 1600, height: 1200, type: 'image/jpeg', quality: 0.82 });
  });

  it('leaves small PNG and WebP pictures, GIFs (animation), videos and PDFs as they are', () => {
    expect(shrinkPlan({ width: 600, height: 600, type: 'image/png', bytes: 200_000 }, 'logo')).toBeNull();
    expect(shrinkPlan({ width: 1000, height: 800, type: 'image/webp', bytes: 150_000 }, 'gallery')).toBeNull();
    expect(shrinkPlan({ width: 4000, height: 3000, type: 'image/gif', bytes: 9_000_000 }, 'chat')).toBeNull();
    expect(shrinkPlan({ width: 1920, height: 1080, type: 'video/mp4', bytes: 9_000_000 }, 'chat')).toBeNull();
    expect(shrinkPlan({ width: 0, height: 0, type: 'application/pdf', bytes: 9_000_000 }, 'chat')).toBeNull();
  });

  it('shrinks a PNG that is too large in pixels or in bytes, to WebP (which keeps transparency)', () => {
    expect(shrinkPlan({ width: 3000, height: 1000, type: 'image/png', bytes: 400_000 }, 'logo')).toMatchObject({
      width: 1600,
      height: 533,
      type: 'image/webp',
    });
    expect(shrinkPlan({ width: 1200, height: 1200, type: 'image/png', bytes: 2_000_000 }, 'logo')).toMatchObject({ width: 1200 });
    // A small transparent PNG is not turned into a JPEG (no transparency) just to save bytes.
    expect(shrinkPlan({ width: 600, height: 600, type: 'image/png', bytes: 200_000 }, 'logo', false)).toBeNull();
  });

  it('keeps the encoded file unless it came out larger than an original that needed no change', () => {
    const plan = shrinkPlan({ width: 1000, height: 800, type: 'image/png', bytes: 600_000 }, 'gallery')!;
    expect(keepShrunk({ width: 1000, height: 800, type: 'image/png', bytes: 600_000 }, plan, 700_000)).toBe(false);
    expect(keepShrunk({ width: 1000, height: 800, type: 'image/png', bytes: 600_000 }, plan, 100_000)).toBe(true);
    // A JPEG's re-encoded copy is kept even when larger: its location data must not go.
    const jpegPlan = shrinkPlan({ width: 800, height: 600, type: 'image/jpeg', bytes: 50_000 }, 'chat')!;
    expect(keepShrunk({ width: 800, height: 600, type: 'image/jpeg', bytes: 50_000 }, jpegPlan, 60_000)).toBe(true);
    expect(keepShrunk(camera, shrinkPlan(camera, 'chat')!, 9_000_000)).toBe(true);
  });
});
