import { OutlineSvg, type IconProps } from '@tsudoi/ui/controls';

/** Icons of the floor pages (decorative: hidden from assistive technology). */
export const LockIcon = ({ size = 14, className }: IconProps) => (
  <OutlineSvg size={size} className={className} strokeWidth={2.2}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </OutlineSvg>
);

export const CalendarIcon = ({ size = 18, className }: IconProps) => (
  <OutlineSvg size={size} className={className}>
    <rect x="3.5" y="5" width="17" height="15" rx="2.5" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </OutlineSvg>
);

export const ClockIcon = ({ size = 18, className }: IconProps) => (
  <OutlineSvg size={size} className={className}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </OutlineSvg>
);

export const PeopleIcon = ({ size = 18, className }: IconProps) => (
  <OutlineSvg size={size} className={className}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 19.5c.8-3.3 3.4-5 6.5-5s5.7 1.7 6.5 5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.8.7 3 2.2 3.5 4.7" />
  </OutlineSvg>
);
