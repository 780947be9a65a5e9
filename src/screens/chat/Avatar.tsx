import Picture from '@/components/Picture';

/**
 * A round logo, or the name's initials when there is none or it fails to load. Decorative:
 * the name is always written beside it.
 */
export default function Avatar({ name, url, size = 44 }: { name: string; url: string | null; size?: number }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('') || '?';
  return (
    <span className="avatar" style={{ width: size, height: size }} aria-hidden="true">
      {url ? <Picture media={{ url, width: size }} alt="" width={size} height={size} loading="lazy" fallback={initials} /> : initials}
    </span>
  );
}
