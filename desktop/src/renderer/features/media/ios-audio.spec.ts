import { expect } from 'chai';
import { IosAudioHold, isIosDevice } from './ios-audio';

/** A track as far as the hold uses one (the browser test holds real ones: media-ios.e2e.ts). */
const fakeTrack = () => {
  const track = { enabled: true, stopped: false, stop: () => (track.stopped = true) };
  return track;
};
type Fake = ReturnType<typeof fakeTrack>;

describe('media: the temporary audio track of iPhone and iPad', () => {
  it('knows an iPhone, an iPad, and an iPad that says it is a Mac', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    expect(isIosDevice({ userAgent: iphone, platform: 'iPhone', maxTouchPoints: 5 })).to.equal(true);
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 5 })).to.equal(
      true,
    );
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 0 })).to.equal(
      false,
    );
    expect(
      isIosDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', platform: 'Linux', maxTouchPoints: 0 }),
    ).to.equal(false);
  });

  it('holds one muted capture on iOS and stops it on release; elsewhere opens nothing', async () => {
    const opened: Fake[] = [];
    const open = () => {
      const track = fakeTrack();
      opened.push(track);
      return Promise.resolve(track as unknown as MediaStreamTrack);
    };
    const ios = new IosAudioHold(open, true);
    await ios.hold();
    await ios.hold();
    expect(opened).to.have.length(1);
    expect(opened[0]).to.include({ enabled: false, stopped: false });
    await ios.release();
    expect(opened[0]!.stopped).to.equal(true);
    expect(ios.held).to.equal(null);

    const desktop = new IosAudioHold(open, false);
    await desktop.hold();
    expect(opened).to.have.length(1);
  });

  it('a release while the capture opens stops it once it is open (the microphone opens after)', async () => {
    let resolve!: (track: MediaStreamTrack) => void;
    const track = fakeTrack();
    const ios = new IosAudioHold(() => new Promise((r) => (resolve = r)), true);
    const holding = ios.hold();
    const released = ios.release();
    resolve(track as unknown as MediaStreamTrack);
    await Promise.all([holding, released]);
    expect(track.stopped).to.equal(true);
    expect(ios.held).to.equal(null);
  });
});
