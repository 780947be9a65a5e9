import { describe, expect, it } from 'vitest';
import { mediaSrcSet, mediaUrl } from '@/media/image';
import { MEDIA_WIDTHS } from '@/shared/constants';

describe('resized media URLs (docs/api.md#picture-widths ?w=)', () => {
  it('asks our own /media/ images at an offered width, rounding up', () => {
    expect(MEDIA_WIDTHS).toEqual([200, 400, 800]);
    expect(mediaUrl('/media/abc.png', 200)).toBe('/media/abc.png?w=200');
    expect(mediaUrl('/media/abc.png', 300)).toBe('/media/abc.png?w=400');
    expect(mediaUrl('/media/abc.png', 2000)).toBe('/media/abc.png?w=800');
    expect(mediaUrl(`${location.origin}/media/abc.jpg`, 400)).toBe(`${location.origin}/media/abc.jpg?w=400`);
  });

  it('gives a srcset over every offered width', () => {
    expect(mediaSrcSet('/media/abc.webp')).toBe('/media/abc.webp?w=200 200w, /media/abc.webp?w=400 400w, /media/abc.webp?w=800 800w');
  });

  it('leaves other hosts, videos and non-media paths alone', () => {
    expect(mediaUrl('https://cdn.example.com/media/abc.png', 200)).toBe('https://cdn.example.com/media/abc.png');
    expect(mediaSrcSet('https://cdn.example.com/media/abc.png')).toBeUndefined();
    expect(mediaUrl('/media/clip.mp4', 200)).toBe('/media/clip.mp4');
    expect(mediaSrcSet('/logo.png')).toBeUndefined();
    expect(mediaSrcSet(null)).toBeUndefined();
  });
});

describe('resized media URLs with a query already', () => {
  it('replaces an earlier width instead of adding a second one', () => {
    expect(mediaUrl('/media/abc.png?w=800', 200)).toBe('/media/abc.png?w=200');
    expect(mediaUrl('/media/abc.png?v=2', 400)).toBe('/media/abc.png?v=2&w=400');
    expect(mediaUrl('//evil.example/media/abc.png', 200)).toBe('//evil.example/media/abc.png');
  });
});
