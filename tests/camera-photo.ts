import sharp from 'sharp';

/**
 * A 12-megapixel camera JPEG (4000×3000, ~4 MB at quality 92) with photo-like content (smooth
 * shapes and sensor grain), EXIF orientation 6 (shown rotated to portrait, 3000×4000) and
 * a GPS position: what a phone sends when nothing shrinks it.
 */
export async function cameraPhoto(): Promise<Buffer> {
  const base = await sharp({
    create: { width: 160, height: 120, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 70 } },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(base)
    .resize(4000, 3000, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Camera', Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
