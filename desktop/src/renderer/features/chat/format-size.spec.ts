import { expect } from 'chai';
import { describe, it } from 'mocha';
import { formatSize } from './format-size';

describe('chat: formatSize', () => {
  it('shows bytes below 1 KB as whole Bytes', () => {
    expect(formatSize(0)).to.equal('0 Bytes');
    expect(formatSize(1)).to.equal('1 Bytes');
    expect(formatSize(1023)).to.equal('1023 Bytes');
  });

  it('steps by 1024 with at most 2 decimals', () => {
    expect(formatSize(1024)).to.equal('1 KB');
    expect(formatSize(1536)).to.equal('1.5 KB');
    expect(formatSize(1234567)).to.equal('1.18 MB');
    expect(formatSize(5 * 1024 ** 3)).to.equal('5 GB');
    expect(formatSize(1.255 * 1024 ** 4)).to.equal('1.25 TB');
  });

  it('reaches YB and stays there for larger sizes', () => {
    expect(formatSize(1024 ** 5)).to.equal('1 PB');
    expect(formatSize(1024 ** 6)).to.equal('1 EB');
    expect(formatSize(1024 ** 7)).to.equal('1 ZB');
    expect(formatSize(1024 ** 8)).to.equal('1 YB');
    expect(formatSize(2048 * 1024 ** 8)).to.equal('2048 YB');
  });

  it('carries a rounded 1024 into the next unit', () => {
    expect(formatSize(1024 * 1024 - 1)).to.equal('1 MB');
  });

  it('reads negative or non-numbers as 0 Bytes and honours fewer decimals', () => {
    expect(formatSize(-5)).to.equal('0 Bytes');
    expect(formatSize(Number.NaN)).to.equal('0 Bytes');
    expect(formatSize(1536, 0)).to.equal('2 KB');
  });
});
