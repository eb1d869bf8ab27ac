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
