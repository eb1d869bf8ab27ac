import { OutlineSvg, type IconProps } from './icon-base';

/** Small inline icons (decorative: hidden from assistive technology). */
export function GoogleIcon({ size = 18, className }: IconProps) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 0 1-1.8 2.72v2.26h2.92c1.7-1.57 2.68-3.88 2.68-6.62z"
      />
      <path
        fill="#34A853"
        d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.92-2.26c-.8.54-1.84.86-3.04.86-2.34 0-4.32-1.58-5.03-3.7H.96v2.33A9 9 0 0 0 9 18z"
      />
      <path
        fill="#FBBC05"
        d="M3.97 10.72A5.41 5.41 0 0 1 3.68 9c0-.6.1-1.18.29-1.72V4.95H.96A9 9 0 0 0 0 9c0 1.45.35 2.83.96 4.05z"
      />
      <path
        fill="#EA4335"
        d="M9 3.58c1.32 0 2.5.45 3.44 1.35l2.58-2.58C13.46.89 11.43 0 9 0A9 9 0 0 0 .96 4.95l3.01 2.33C4.68 5.16 6.66 3.58 9 3.58z"
      />
    </svg>
  );
}

export function FacebookIcon({ size = 18, className }: IconProps) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M16.67 15.47 17.2 12h-3.33V9.75c0-.95.46-1.87 1.96-1.87h1.51V4.92s-1.37-.24-2.69-.24c-2.74 0-4.53 1.66-4.53 4.67V12H7.08v3.47h3.04V24a12.1 12.1 0 0 0 3.75 0v-8.53z"
      />
    </svg>
  );
}

export const GlobeIcon = ({ size = 16, className }: IconProps) => (
  <OutlineSvg size={size} className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </OutlineSvg>
);

export const ChevronDownIcon = ({ size = 14, className }: IconProps) => (
  <OutlineSvg size={size} className={className} strokeWidth={2.2}>
    <path d="m6 9 6 6 6-6" />
  </OutlineSvg>
);

export const EyeIcon = ({ size = 20, className }: IconProps) => (
  <OutlineSvg size={size} className={className}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </OutlineSvg>
);

export const EyeOffIcon = ({ size = 20, className }: IconProps) => (
  <OutlineSvg size={size} className={className}>
    <path d="M9.9 5.7A9.7 9.7 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a16.6 16.6 0 0 1-2.6 3.4M6.6 6.6C3.9 8.3 2.5 12 2.5 12S6 18.5 12 18.5c1.9 0 3.5-.6 4.9-1.5" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </OutlineSvg>
);

export const AlertIcon = ({ size = 20, className }: IconProps) => (
  <OutlineSvg size={size} className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </OutlineSvg>
);

export const CheckCircleIcon = ({ size = 20, className }: IconProps) => (
  <OutlineSvg size={size} className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16 9.8" />
  </OutlineSvg>
);

export const CloseIcon = ({ size = 16, className }: IconProps) => (
  <OutlineSvg size={size} className={className} strokeWidth={2}>
    <path d="M6 6l12 12M18 6 6 18" />
  </OutlineSvg>
);
