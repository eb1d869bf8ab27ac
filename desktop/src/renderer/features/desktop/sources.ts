import type { ScreenSource } from '@tsudoi/common';

export interface SourceGroups {
  screens: ScreenSource[];
  windows: ScreenSource[];
}

/** The picker's two sections, in the order main sent them. */
export function groupSources(sources: readonly ScreenSource[]): SourceGroups {
  return {
    screens: sources.filter((source) => source.kind === 'screen'),
    windows: sources.filter((source) => source.kind === 'window'),
  };
}

/** Images the picker may show: only PNG/JPEG data URLs (main's thumbnails), never a remote address. */
export function isImageDataUrl(value: string | null): value is string {
  return value !== null && /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(value);
}
