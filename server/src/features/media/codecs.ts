import type { types as ms } from 'mediasoup';

/** What every room's router carries: Opus, VP8 (simulcast) and H.264 baseline for Safari. */
export const MEDIA_CODECS: ms.RtpCodecCapability[] = [
  { kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
  { kind: 'video', mimeType: 'video/VP8', clockRate: 90000, parameters: { 'x-google-start-bitrate': 1000 } },
  {
    kind: 'video',
    mimeType: 'video/H264',
    clockRate: 90000,
    parameters: { 'packetization-mode': 1, 'profile-level-id': '42e01f', 'level-asymmetry-allowed': 1 },
  },
];

export const ORIENTATION_EXTENSION = 'urn:3gpp:video-orientation';

/** The router capabilities as handed to clients: without the orientation header extension (spec §5). */
export function clientCapabilities(caps: ms.RtpCapabilities): ms.RtpCapabilities {
  return { ...caps, headerExtensions: (caps.headerExtensions ?? []).filter((e) => e.uri !== ORIENTATION_EXTENSION) };
}

/**
 * A camera's or screen's key frame requests (mediasoup `keyFrameRequestDelay`): a second request for a
 * layer within 400 ms of the last waits and goes out when they end. Chromium answers one request per
 * 300 ms and drops the rest; a dropped one is otherwise asked again only after mediasoup's fixed 1 s,
 * so a consumer that resumed just after someone else's request got its first frame a second late.
 */
export const KEY_FRAME_REQUEST_DELAY_MS = 400;
