import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

/**
 * An <img> that never shows the browser's broken-picture icon: when the picture cannot be had
 * (not on the device and no network, or gone) the designed `fallback` takes its place. While
 * loading, the slot shows the theme's quiet surface (`.picture` in ui.css), not an empty box.
 */
export default function Picture({
  fallback,
  className,
  alt,
  ...img
}: ImgHTMLAttributes<HTMLImageElement> & { fallback: ReactNode; alt: string }) {
  const [brokenSrc, setBrokenSrc] = useState<string | undefined>(undefined);
  if (img.src && brokenSrc === img.src) return <>{fallback}</>;
  return <img {...img} alt={alt} className={`picture ${className ?? ''}`} onError={() => setBrokenSrc(img.src)} />;
}
