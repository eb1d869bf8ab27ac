import type { MessageId } from '@tsudoi/common';
import dawn from './dawn.svg';
import forest from './forest.svg';
import office from './office.svg';

/** Background images that come with the app (drawn for Tsudoi; 1280x720 SVG, built into the renderer). */
export const BUILTIN_BACKGROUNDS: readonly { id: string; url: string; label: MessageId }[] = [
  { id: 'builtin:office', url: office, label: 'media.effects.builtin.office' },
  { id: 'builtin:dawn', url: dawn, label: 'media.effects.builtin.dawn' },
  { id: 'builtin:forest', url: forest, label: 'media.effects.builtin.forest' },
];
