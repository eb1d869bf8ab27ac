import type { Rectangle } from 'electron';
import { z } from 'zod';

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 800, height: 600 } as const;

const savedSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(MIN_SIZE.width).max(20_000),
  height: z.number().int().min(MIN_SIZE.height).max(20_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof savedSchema>;

/** Where the window's bounds are remembered (a JSON file in userData; see index.ts). */
export interface WindowStateStore {
  read(): unknown;
  write(state: WindowState): void;
}

/** How much of the title bar must be on a display for saved bounds to be used as they are. */
const VISIBLE = { width: 120, height: 40 };

function overlaps(a: Rectangle, b: Rectangle): boolean {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + VISIBLE.height, b.y + b.height) - Math.max(a.y, b.y);
  return width >= VISIBLE.width && height >= VISIBLE.height;
}

/**
 * The bounds to open the window with: the saved ones when they are valid and
 * the title bar is on a display now (a monitor may have been unplugged);
 * else the saved size, centred, as far as the largest display holds it; else
 * the default size.
 */
export function restoreWindowState(
  saved: unknown,
  displays: ReadonlyArray<{ workArea: Rectangle }>,
): Partial<Rectangle> & { width: number; height: number; maximized: boolean } {
  const parsed = savedSchema.safeParse(saved);
  if (!parsed.success) return { ...DEFAULT_SIZE, maximized: false };
  const { maximized, ...bounds } = parsed.data;
  if (displays.some(({ workArea }) => overlaps(bounds, workArea))) return { ...bounds, maximized };
  const widest = Math.max(0, ...displays.map(({ workArea }) => workArea.width));
  const tallest = Math.max(0, ...displays.map(({ workArea }) => workArea.height));
  return {
    width: Math.max(MIN_SIZE.width, Math.min(bounds.width, widest || bounds.width)),
    height: Math.max(MIN_SIZE.height, Math.min(bounds.height, tallest || bounds.height)),
    maximized,
  };
}
