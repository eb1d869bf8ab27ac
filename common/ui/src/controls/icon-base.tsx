import type { ReactNode } from 'react';

/** What every small inline icon takes. */
export interface IconProps {
  size?: number;
  className?: string;
}

/** The line style of the outline icons. */
export const outline = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A 24×24 outline icon around its paths (decorative: hidden from assistive technology); a heavier line on request. */
export const OutlineSvg = ({
  size = 18,
  className,
  strokeWidth,
  children,
}: IconProps & { strokeWidth?: number; children: ReactNode }) => (
  <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <g {...outline} {...(strokeWidth ? { strokeWidth } : {})}>
      {children}
    </g>
  </svg>
);
