import type { ReactNode } from 'react';
import { Link } from 'wouter';
import './ui.css';

/** A "← label" link back to a parent page. */
export default function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="back-link">
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}
