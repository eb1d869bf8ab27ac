/**
 * Which simulcast layer a video tile needs (spec §9.1): the camera sends up
 * to three layers, scaled down 4, 2 and 1 (about 180, 360 and 720 lines of
 * a 720p camera). A tile gets the lowest layer at least as tall as it is on
 * the screen (device pixels): up to 200 → 0, up to 400 → 1, taller → 2. The
 * server keeps it within the layers the sender has. A tile that is not shown
 * gets nothing: its consumer is paused.
 */
export const LAYER_HEIGHTS = [200, 400] as const;
export const TOP_LAYER = LAYER_HEIGHTS.length;

export function spatialLayerFor(renderedHeight: number, pixelRatio = 1): number {
  if (!Number.isFinite(renderedHeight) || renderedHeight <= 0) return 0;
  const pixels = renderedHeight * (Number.isFinite(pixelRatio) && pixelRatio > 0 ? pixelRatio : 1);
  const layer = LAYER_HEIGHTS.findIndex((limit) => pixels <= limit);
  return layer === -1 ? TOP_LAYER : layer;
}

/** How one remote video is being shown. */
export interface TileView {
  visible: boolean;
  /** The tile's rendered height in CSS pixels. */
  height: number;
}

/** What to ask of the server for one consumer: paused while hidden, else the layer for its size. */
export function viewRequest(view: TileView, pixelRatio = 1): { paused: boolean; spatialLayer: number } {
  return { paused: !view.visible, spatialLayer: spatialLayerFor(view.height, pixelRatio) };
}

/** A camera tile's height (CSS pixels) before any is shown: the grid's tiles are 200–360 wide, 16:9. */
export const TYPICAL_CAMERA_TILE_HEIGHT = 180;

/**
 * The layer a new video consumer starts on, before its tile is laid out: a
 * shared screen spans the stage (the top layer); a camera gets the layer of
 * the height the room's camera tiles have (they share one size), or of a
 * typical tile when none was shown yet. Too low only means a sharper layer
 * follows once the tile reports its size; the first frame is not held up.
 */
export function startLayerFor(source: 'camera' | 'screen', cameraTileHeight: number | null, pixelRatio = 1): number {
  if (source === 'screen') return TOP_LAYER;
  return spatialLayerFor(cameraTileHeight ?? TYPICAL_CAMERA_TILE_HEIGHT, pixelRatio);
}
