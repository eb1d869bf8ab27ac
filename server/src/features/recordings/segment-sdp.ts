import type { types as ms } from 'mediasoup';

/** One RTP stream ffmpeg receives: where it listens and the consumer's codec. */
export interface SdpInput {
  kind: 'audio' | 'video';
  port: number;
  payloadType: number;
  codec: ms.RtpCodecParameters;
}

/** The SDP ffmpeg reads: one m-line per consumer, RTP on `port`, RTCP on `port + 1`. */
export function segmentSdp(inputs: readonly SdpInput[]): string {
  const lines = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=Tsudoi recording', 'c=IN IP4 127.0.0.1', 't=0 0'];
  for (const input of inputs) {
    const { codec, payloadType: pt } = input;
    const name = codec.mimeType.split('/')[1]!;
    lines.push(`m=${input.kind} ${input.port} RTP/AVP ${pt}`);
    lines.push(`a=rtpmap:${pt} ${name}/${codec.clockRate}${codec.channels ? `/${codec.channels}` : ''}`);
    const fmtp = Object.entries(codec.parameters ?? {})
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(';');
    if (fmtp) lines.push(`a=fmtp:${pt} ${fmtp}`);
    lines.push('a=recvonly');
  }
  return `${lines.join('\r\n')}\r\n`;
}

export const RECORDING_WIDTH = 640;
export const RECORDING_HEIGHT = 360;
export const RECORDING_FPS = 15;

/** What a captured segment holds: how many microphones and whether a picture. */
export interface CapturedShape {
  audio: number;
  video: boolean;
}

/**
 * ffmpeg's arguments while a segment is recorded: the SDP's RTP streams
 * copied as they come (no decoding, no encoding: a few percent of a core, so
 * the capture keeps real time on a busy machine and no packet waits in a
 * socket) into a Matroska file. A segment of a room without media captures
 * silence (PCM, as cheap) to measure its length. Everything costly happens
 * once the recording stops (`renderArgs`).
 */
export function captureArgs(sdpFile: string, inputs: readonly SdpInput[], output: string): string[] {
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'warning'];
  if (inputs.length === 0) {
    args.push('-re', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-c:a', 'pcm_s16le');
  } else {
    // arrival times, not RTP times: ffmpeg re-bases RTP times when the first RTCP sender report comes,
    // a jump the audio resampler would fill with silence
    args.push('-protocol_whitelist', 'file,udp,rtp', '-use_wallclock_as_timestamps', '1');
    args.push('-fflags', '+genpts', '-analyzeduration', '2500000');
    // a 4 MB socket buffer: a busy machine must not drop packets while ffmpeg waits for the CPU
    args.push('-reorder_queue_size', '64', '-buffer_size', '4194304', '-f', 'sdp', '-i', sdpFile);
    args.push('-map', '0', '-c', 'copy');
  }
  // clusters of at most a second, each written out at once: a process killed mid-recording (kill -9) leaves a
  // capture readable to its last second (issue 25 §9)
  args.push('-cluster_time_limit', '1000', '-flush_packets', '1');
  args.push('-f', 'matroska', '-y', output);
  return args;
}

/**
 * How a captured microphone is timed: by its arrival times, never earlier than
 * the end of the sound before it, and the gaps filled with silence from the
 * segment's start. Browsers send Opus with DTX: a quiet microphone sends one
 * small packet every 400 ms, each decoding to 20 ms, so timing the sound by its
 * sample count (`asetpts=N/SR/TB`, the first recorder) dropped every pause and
 * late joiner's lead-in, and the sound ended seconds before the picture (7.6 s
 * of 10.5 s). "Never earlier" keeps a burst after a stall whole (plain
 * `aresample=async=1` would trim it); `aresample` fills only gaps over 0.1 s,
 * so arrival jitter does not stretch anything.
 */
export const PLACED_AUDIO =
  "asetpts='if(eq(N,0),PTS,max(PTS,PREV_OUTPTS+NB_SAMPLES/SR/TB))',aresample=async=1:first_pts=0";

/**
 * ffmpeg's arguments that turn one captured segment into the recording's
 * shape: VP8 640x360 15 fps + Opus stereo, the microphones mixed, and a black
 * picture and/or silence of the segment's length where it had none, so every
 * segment has one VP8 and one Opus stream of the same shape and the segments
 * join without re-encoding. Without a capture (`null`: one that cannot be
 * read) the segment is silence and the dark picture of its length.
 */
export function renderArgs(capture: string | null, shape: CapturedShape, durationMs: number, output: string): string[] {
  const seconds = (durationMs / 1000).toFixed(3);
  const w = RECORDING_WIDTH;
  const h = RECORDING_HEIGHT;
  // the capture's times are arrival times (its start is 0): the picture is laid on a background of the
  // segment's length (dark before its first key frame, its last frame held), the sound is placed at its
  // arrival times (`PLACED_AUDIO`), padded with silence to the segment's end, and `-t` cuts both there
  const filters = [`color=c=0x1d2330:s=${w}x${h}:r=${RECORDING_FPS}:d=${seconds}[bg]`];
  if (shape.video)
    filters.push(
      `[0:v:0]scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,` +
        `fps=${RECORDING_FPS}[pic];[bg][pic]overlay=eof_action=repeat,format=yuv420p[v]`,
    );
  else filters.push('[bg]format=yuv420p[v]');
  // Opus takes 20 ms frames; silence up to the segment's end (a microphone quiet at the end sends nothing)
  const fit = `aformat=sample_rates=48000:channel_layouts=stereo,asetnsamples=n=960:p=0,apad=whole_dur=${seconds}`;
  if (shape.audio === 0) filters.push(`anullsrc=r=48000:cl=stereo:n=960,atrim=duration=${seconds}[a]`);
  else if (shape.audio === 1) filters.push(`[0:a:0]${PLACED_AUDIO},${fit}[a]`);
  else {
    const ins = Array.from({ length: shape.audio }, (_, i) => `[0:a:${i}]${PLACED_AUDIO}[a${i}]`).join(';');
    const labels = Array.from({ length: shape.audio }, (_, i) => `[a${i}]`).join('');
    filters.push(
      `${ins};${labels}amix=inputs=${shape.audio}:duration=longest:dropout_transition=0:normalize=0,${fit}[a]`,
    );
  }
  const input = capture === null ? ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo'] : ['-i', capture];
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', ...input];
  args.push('-filter_complex', filters.join(';'), '-map', '[v]', '-map', '[a]');
  args.push('-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '700k', '-g', '30');
  args.push('-c:a', 'libopus', '-b:a', '64k', '-t', seconds, '-f', 'webm', '-y', output);
  return args;
}
