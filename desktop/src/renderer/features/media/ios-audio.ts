import { mediaLog } from './media-log';

/** An iPhone or iPad (iPadOS's Safari says it is a Mac, one with a touch screen). */
export function isIosDevice(nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/**
 * Spec §4, media devices: "On iOS or iPad a temporary audio track is kept".
 * Safari on iOS plays a call's voices through the call's audio session
 * (loud, echo-cancelled) only while the page itself captures audio; with the
 * microphone off they drop to the media session, quieter and cut by other
 * sounds. While someone is in a room with their microphone off, a silent
 * capture is held: muted (`enabled = false`), never sent. It goes before the
 * microphone opens, because iOS ends one capture when another of the same
 * kind starts, and when the room's media ends. Other devices hold nothing.
 */
export class IosAudioHold {
  private track: MediaStreamTrack | null = null;
  private opening: Promise<void> | null = null;
  private wanted = false;

  constructor(
    private readonly open: () => Promise<MediaStreamTrack>,
    private readonly ios = typeof navigator !== 'undefined' && isIosDevice(),
  ) {}

  /** Holds the silent capture (on iOS), once. */
  hold(): Promise<void> {
    if (!this.ios) return Promise.resolve();
    this.wanted = true;
    if (this.track || this.opening) return this.opening ?? Promise.resolve();
    this.opening = this.open().then(
      (track) => {
        this.opening = null;
        track.enabled = false;
        if (this.wanted) this.track = track;
        else track.stop();
      },
      (error: unknown) => {
        this.opening = null;
        mediaLog('temporary audio track not opened', error);
      },
    );
    return this.opening;
  }

  /** Stops it (after an opening under way has settled: the microphone opens only then). */
  async release(): Promise<void> {
    this.wanted = false;
    await this.opening;
    this.track?.stop();
    this.track = null;
  }

  /** The held track (tests). */
  get held(): MediaStreamTrack | null {
    return this.track;
  }
}
