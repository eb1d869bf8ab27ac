import { OutlineSvg, type IconProps } from '@tsudoi/ui/controls';

/** The file share's outline icons (decorative). */
export const FolderIcon = (p: IconProps) => (
  <OutlineSvg {...p}>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </OutlineSvg>
);
export const FileIcon = (p: IconProps) => (
  <OutlineSvg {...p}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </OutlineSvg>
);
export const UploadIcon = (p: IconProps) => (
  <OutlineSvg {...p}>
    <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
  </OutlineSvg>
);
export const DownloadIcon = (p: IconProps) => (
  <OutlineSvg {...p}>
    <path d="M12 4v12M7 11l5 5 5-5M5 20h14" />
  </OutlineSvg>
);
export const PencilIcon = (p: IconProps) => (
  <OutlineSvg {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
  </OutlineSvg>
);
export const MoveIcon = (p: IconProps) => (
  <OutlineSvg {...p}>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    <path d="M10 13h6M13 10l3 3-3 3" />
  </OutlineSvg>
);
export const TrashIcon = (p: IconProps) => (
  <OutlineSvg {...p}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </OutlineSvg>
);
