import { expect } from 'chai';
import { cameraEncodings, profileFor, SCREEN_ENCODINGS } from './encodings';

describe('media encodings by track height', () => {
  it('picks extra-low up to 320, low up to 480, medium up to 720, high above, 720 by default', () => {
    expect([240, 320, 321, 480, 481, 720, 721, 1080].map(profileFor)).to.deep.equal([
      'extraLow',
      'extraLow',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
    expect(profileFor(undefined)).to.equal('medium');
    expect(profileFor(0)).to.equal('medium');
  });

  it('keeps the camera layers within 2.5 Mbps with a 300 kbps 10 fps low layer; the screen has its own profile', () => {
    const high = cameraEncodings(1080);
    expect(high.map((e) => e.maxBitrate)).to.deep.equal([300_000, 1_000_000, 2_500_000]);
    expect(high[0]).to.include({ maxBitrate: 300_000, maxFramerate: 10 });
    for (const h of [240, 480, 720, 1080]) {
      const layers = cameraEncodings(h);
      expect(Math.max(...layers.map((e) => e.maxBitrate))).to.be.at.most(2_500_000);
      expect(layers[0]).to.include({ maxBitrate: 300_000, maxFramerate: 10 });
    }
    cameraEncodings(1080)[0]!.maxBitrate = 1; // copies: the profile stays
    expect(cameraEncodings(1080)[0]!.maxBitrate).to.equal(300_000);
    expect(SCREEN_ENCODINGS).to.deep.equal([
      { scaleResolutionDownBy: 2, maxBitrate: 2_000_000, maxFramerate: 15 },
      { scaleResolutionDownBy: 1, maxBitrate: 3_000_000 },
    ]);
  });
});
