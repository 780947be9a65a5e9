import type { Product } from '@/shared/catalogue';
import type { ViewerMedia } from '@/components/MediaViewer';

/**
 * The pictures and videos of a product's gallery (docs/product.md#screens): the thumbnail first, then the
 * gallery in its order, each source once (the thumbnail is usually also the first picture).
 */
export function galleryMedia(product: Pick<Product, 'thumbnail_url' | 'thumbnail_color' | 'images' | 'name'>): ViewerMedia[] {
  const seen = new Set<string>();
  const media: ViewerMedia[] = [];
  const add = (url: string | null | undefined, type: string, tint?: string | null) => {
    if (!url || seen.has(url)) return;
    seen.add(url);
    media.push({ url, type, alt: product.name, tint });
  };
  add(product.thumbnail_url, 'image', product.thumbnail_color);
  for (const item of product.images ?? []) add(item.media_source_url, item.media_type, item.color);
  return media;
}
