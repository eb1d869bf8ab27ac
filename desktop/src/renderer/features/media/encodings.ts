/**
 * Video profiles (spec §5, §9.1): the camera's simulcast layers are chosen
 * by the track's height (default 720): up to 320 extra-low, up to 480 low,
 * up to 720 medium, above that high; layers go up to 2.5 Mbps and the lowest
 * is 300 kbps at 10 fps. The screen has its own profile: 2 Mbps at 15 fps
 * scaled down 2, and 3 Mbps.
 */
export interface VideoEncoding {
  scaleResolutionDownBy: number;
  maxBitrate: number;
  maxFramerate?: number;
}

export type VideoProfile = 'extraLow' | 'low' | 'medium' | 'high';

export const DEFAULT_VIDEO_HEIGHT = 720;
export const VIDEO_HEIGHT_THRESHOLDS = { extraLow: 320, low: 480, medium: 720 } as const;

const LOW_LAYER: VideoEncoding = { scaleResolutionDownBy: 1, maxBitrate: 300_000, maxFramerate: 10 };

export const CAMERA_PROFILES: Record<VideoProfile, VideoEncoding[]> = {
  extraLow: [LOW_LAYER],
  low: [
    { ...LOW_LAYER, scaleResolutionDownBy: 2 },
    { scaleResolutionDownBy: 1, maxBitrate: 600_000 },
  ],
  medium: [
    { ...LOW_LAYER, scaleResolutionDownBy: 4 },
    { scaleResolutionDownBy: 2, maxBitrate: 700_000 },
    { scaleResolutionDownBy: 1, maxBitrate: 1_500_000 },
  ],
  high: [
    { ...LOW_LAYER, scaleResolutionDownBy: 4 },
    { scaleResolutionDownBy: 2, maxBitrate: 1_000_000 },
    { scaleResolutionDownBy: 1, maxBitrate: 2_500_000 },
  ],
};

export const SCREEN_ENCODINGS: VideoEncoding[] = [
  { scaleResolutionDownBy: 2, maxBitrate: 2_000_000, maxFramerate: 15 },
  { scaleResolutionDownBy: 1, maxBitrate: 3_000_000 },
];

export function profileFor(height: number | undefined): VideoProfile {
  const h = height && height > 0 ? height : DEFAULT_VIDEO_HEIGHT;
  if (h <= VIDEO_HEIGHT_THRESHOLDS.extraLow) return 'extraLow';
  if (h <= VIDEO_HEIGHT_THRESHOLDS.low) return 'low';
  if (h <= VIDEO_HEIGHT_THRESHOLDS.medium) return 'medium';
  return 'high';
}

/** The camera's encodings for a track of this height (copies: mediasoup-client may annotate them). */
export const cameraEncodings = (height: number | undefined): VideoEncoding[] =>
  CAMERA_PROFILES[profileFor(height)].map((e) => ({ ...e }));

/** getUserMedia video: 1920x1080 ideal, at most 30 fps (spec §9.1). */
export const CAMERA_CONSTRAINTS = {
  width: { ideal: 1920 },
  height: { ideal: 1080 },
  frameRate: { ideal: 30, max: 30 },
} satisfies MediaTrackConstraints;

/** getDisplayMedia video: at most 1920x1080 at 30 fps. */
export const SCREEN_CONSTRAINTS = {
  width: { max: 1920 },
  height: { max: 1080 },
  frameRate: { max: 30 },
} satisfies MediaTrackConstraints;
