import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './round-link.css';

/** The 24×24 line icon of a round header control; `children` are its shapes. */
function RoundIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/**
 * A round icon button that goes to a page (the live floor header's ways to
 * recordings and bookings); `children` are the shapes of a 24×24 line icon.
 */
export function RoundLink({
  to,
  label,
  tutorial,
  children,
}: {
  to: string;
  label: string;
  /** The in-floor tutorial's target name (data-tutorial). */
  tutorial?: string;
  children: ReactNode;
}) {
  return (
    <Link className="round-link" to={to} title={label} aria-label={label} data-tutorial={tutorial}>
      <RoundIcon>{children}</RoundIcon>
    </Link>
  );
}

/** The same round icon control as an action on the page (opens a panel: participants, today's events). */
export function RoundButton({
  label,
  onClick,
  tutorial,
  children,
}: {
  label: string;
  onClick: () => void;
  tutorial?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="round-link"
      title={label}
      aria-label={label}
      onClick={onClick}
      data-tutorial={tutorial}
    >
      <RoundIcon>{children}</RoundIcon>
    </button>
  );
}
