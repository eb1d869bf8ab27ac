/** Larger illustrations of the status cards (decorative). */
interface IconProps {
  size?: number;
}

const outline = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function MailIcon({ size = 28 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g {...outline}>
        <rect x="3" y="5" width="18" height="14" rx="2.5" />
        <path d="m4 7 8 6 8-6" />
      </g>
    </svg>
  );
}

export function KeyIcon({ size = 28 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g {...outline}>
        <circle cx="8" cy="15" r="4" />
        <path d="m11 12 8.5-8.5M16 7l2.5 2.5M14 9l2 2" />
      </g>
    </svg>
  );
}

export function LinkBrokenIcon({ size = 28 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g {...outline}>
        <path d="M9.5 14.5 8 16a3.5 3.5 0 0 1-5-5l2.5-2.5a3.5 3.5 0 0 1 4.6-.3M14.5 9.5 16 8a3.5 3.5 0 0 1 5 5l-2.5 2.5a3.5 3.5 0 0 1-4.6.3" />
        <path d="M4 4l2 2M20 20l-2-2M9 3v2M3 9h2M15 21v-2M21 15h-2" />
      </g>
    </svg>
  );
}

export function CheckBadgeIcon({ size = 28 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <g {...outline} strokeWidth={2}>
        <path d="m6.5 12.5 3.5 3.5 7.5-8" />
      </g>
    </svg>
  );
}
