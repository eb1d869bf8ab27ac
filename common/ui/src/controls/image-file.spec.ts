import { expect } from 'chai';
import { describe, it } from 'mocha';
import { IMAGE_MAX_BYTES } from '@tsudoi/common';
import { checkImageFile, formatBytes } from './image-file';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('checkImageFile (spec §5: JPG, PNG or GIF, at most 3 MB)', () => {
  it('accepts JPG, PNG and GIF up to exactly 3 MB', () => {
    expect(checkImageFile(file('a.jpg', 'image/jpeg'))).to.equal(null);
    expect(checkImageFile(file('a.png', 'image/png'))).to.equal(null);
    expect(checkImageFile(file('a.gif', 'image/gif', IMAGE_MAX_BYTES))).to.equal(null);
  });

  it('refuses a picture one byte over 3 MB', () => {
    expect(checkImageFile(file('a.png', 'image/png', IMAGE_MAX_BYTES + 1))).to.equal('tooLarge');
  });

  it('refuses other types even when the name looks like a picture', () => {
    expect(checkImageFile(file('a.webp', 'image/webp'))).to.equal('unsupported');
    expect(checkImageFile(file('a.png', 'image/svg+xml'))).to.equal('unsupported');
    expect(checkImageFile(file('doc.pdf', 'application/pdf'))).to.equal('unsupported');
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(checkImageFile(file('photo.JPEG', ''))).to.equal(null);
    expect(checkImageFile(file('photo.heic', ''))).to.equal('unsupported');
  });

  it('reports the format before the size', () => {
    expect(checkImageFile(file('a.bmp', 'image/bmp', IMAGE_MAX_BYTES * 2))).to.equal('unsupported');
  });
});

describe('formatBytes', () => {
  it('formats with the largest unit and at most 2 decimals', () => {
    expect(formatBytes(IMAGE_MAX_BYTES)).to.equal('3 MB');
    expect(formatBytes(1536)).to.equal('1.5 KB');
    expect(formatBytes(0)).to.equal('0 Bytes');
  });
});
