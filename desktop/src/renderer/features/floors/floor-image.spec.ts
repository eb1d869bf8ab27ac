import { expect } from 'chai';
import { checkFloorImage } from './floor-image';

describe('floors: floor image check (JPG or PNG, at most 1 MB)', () => {
  it('accepts JPG and PNG up to 1 MB', () => {
    expect(checkFloorImage({ name: 'a.png', type: 'image/png', size: 1024 * 1024 })).to.equal(null);
    expect(checkFloorImage({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).to.equal(null);
    expect(checkFloorImage({ name: 'a.JPEG', type: '', size: 10 })).to.equal(null);
  });

  it('refuses GIF (allowed for avatars, not for floors) and anything over 1 MB', () => {
    expect(checkFloorImage({ name: 'a.gif', type: 'image/gif', size: 10 })).to.equal('unsupported');
    expect(checkFloorImage({ name: 'a.txt', type: '', size: 10 })).to.equal('unsupported');
    expect(checkFloorImage({ name: 'a.png', type: 'image/png', size: 1024 * 1024 + 1 })).to.equal('tooLarge');
  });
});
