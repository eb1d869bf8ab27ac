import type { MenuIcon } from './user-menu';

/** The sidebar's outline icons (decorative: the label says it). 20 × 20, stroke follows the text colour. */
const PATHS: Record<MenuIcon | 'external' | 'menu', string[]> = {
  home: ['M3.5 9.5 10 4l6.5 5.5', 'M5.5 8.2V16h9V8.2', 'M8.5 16v-4h3v4'],
  floors: ['M3 6.5 10 3l7 3.5-7 3.5z', 'M3 10l7 3.5 7-3.5', 'M3 13.5 10 17l7-3.5'],
  hosted: ['M10 3.2l2 4.1 4.5.6-3.3 3.1.8 4.5-4-2.2-4 2.2.8-4.5-3.3-3.1 4.5-.6z'],
  team: [
    'M7.5 9.5a2.75 2.75 0 1 0 0-5.5 2.75 2.75 0 0 0 0 5.5z',
    'M2.5 16c.4-2.6 2.5-4.2 5-4.2s4.6 1.6 5 4.2',
    'M13 4.3a2.6 2.6 0 0 1 0 5',
    'M14.5 11.9c1.6.5 2.7 1.9 3 4.1',
  ],
  host: ['M10 3.5v13', 'M3.5 10h13'],
  chat: [
    'M4 4.5h12a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1H9l-3.5 2.5V14H4a1 1 0 0 1-1-1V5.5a1 1 0 0 1 1-1z',
    'M6.5 8.5h7',
    'M6.5 11h4',
  ],
  attendance: ['M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M10 6.5V10l2.5 1.8'],
  files: ['M3 6a1 1 0 0 1 1-1h4l1.5 1.8H16a1 1 0 0 1 1 1V15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z', 'M3 9h14'],
  profile: ['M10 9.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M4 16.5c.6-3 3-4.8 6-4.8s5.4 1.8 6 4.8'],
  menu: ['M3.5 5.5h13', 'M3.5 10h13', 'M3.5 14.5h13'],
  external: ['M8 4H4.5a1 1 0 0 0-1 1v10.5a1 1 0 0 0 1 1H15a1 1 0 0 0 1-1V12', 'M11.5 3.5h5v5', 'M16.5 3.5 9.5 10.5'],
};

export function NavIcon({ name, size = 20 }: { name: MenuIcon | 'external' | 'menu'; size?: number }) {
  return (
    <svg
      className="nav-icon"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
