import { expect } from 'chai';
import { describe, it } from 'mocha';
import type { ScreenSource } from '@tsudoi/common';
import { groupSources, isImageDataUrl } from './sources';

const source = (id: string, kind: ScreenSource['kind']): ScreenSource => ({
  id,
  name: id,
  kind,
  thumbnail: 'data:image/png;base64,AAAA',
  appIcon: null,
});

describe('screen picker sources', () => {
  it('groups screens and windows, keeping their order', () => {
    const sources = [source('window:2', 'window'), source('screen:0', 'screen'), source('window:1', 'window')];
    const { screens, windows } = groupSources(sources);
    expect(screens.map((s) => s.id)).to.deep.equal(['screen:0']);
    expect(windows.map((s) => s.id)).to.deep.equal(['window:2', 'window:1']);
  });

  it('shows only PNG or JPEG data URLs', () => {
    expect(isImageDataUrl('data:image/png;base64,iVBORw0KGgo=')).to.equal(true);
    expect(isImageDataUrl('data:image/jpeg;base64,/9j/4AAQ')).to.equal(true);
    for (const value of [null, '', 'data:,', 'https://evil.example.com/x.png', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      expect(isImageDataUrl(value), String(value)).to.equal(false);
    }
  });
});
