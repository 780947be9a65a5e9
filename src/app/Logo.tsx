/**
 * The brand mark: a shopping bag whose two handles cross like linked markets. Same drawing
 * as the generated app icons (scripts/make-icons.mjs), so the splash matches the home screen.
 */
export default function Logo({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      className="logo-mark"
    >
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M16 24h32l-3 26H19z" fill="#f8fafc" />
      <path d="M24 28v-6a8 8 0 0 1 16 0v6" fill="none" stroke="#f8fafc" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="37" r="5" fill="#f59e0b" />
    </svg>
  );
}
