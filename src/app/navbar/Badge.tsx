/** A small count on an icon; hidden at zero, "99+" above 99. The control's name says the number. */
export default function Badge({ count }: { count: number }) {
  if (!count || count <= 0) return null;
  return (
    <span className="badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
