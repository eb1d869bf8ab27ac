import { OutlineSvg as Svg, type IconProps } from '@tsudoi/ui/controls';

/** Icons of the live floor (decorative: hidden from assistive technology). */
export const SpeakerIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6" />
    <path d="M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Svg>
);

export const SpeakerOffIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="m16 9.5 5 5m0-5-5 5" />
  </Svg>
);

export const HelpIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.7 9.6a2.4 2.4 0 1 1 3.3 2.2c-.6.3-1 .8-1 1.5v.4" />
    <circle cx="12" cy="16.6" r="0.5" fill="currentColor" />
  </Svg>
);

export const ExitIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 4.5H7A1.5 1.5 0 0 0 5.5 6v12A1.5 1.5 0 0 0 7 19.5h7" />
    <path d="M11 12h9m-3-3 3 3-3 3" />
  </Svg>
);

export const EnterIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10 4.5h7a1.5 1.5 0 0 1 1.5 1.5v12a1.5 1.5 0 0 1-1.5 1.5h-7" />
    <path d="M3.5 12h9m-3-3 3 3-3 3" />
  </Svg>
);
