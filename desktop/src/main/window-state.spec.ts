import { expect } from 'chai';
import { DEFAULT_SIZE, restoreWindowState } from './window-state';

const laptop = [{ workArea: { x: 0, y: 0, width: 1920, height: 1050 } }];
const twoScreens = [...laptop, { workArea: { x: 1920, y: 0, width: 2560, height: 1410 } }];

describe('restoreWindowState', () => {
  it('uses the saved bounds and maximized flag when the title bar is on a display', () => {
    const saved = { x: 2000, y: 100, width: 1600, height: 1000, maximized: true };
    expect(restoreWindowState(saved, twoScreens)).to.deep.equal(saved);
  });

  it('re-centres the saved size (shrunk to fit) when its display is gone', () => {
    const saved = { x: 2000, y: 100, width: 2400, height: 1300, maximized: false };
    expect(restoreWindowState(saved, laptop)).to.deep.equal({ width: 1920, height: 1050, maximized: false });
    expect(restoreWindowState({ ...saved, x: -3000 }, twoScreens)).to.deep.equal({
      width: 2400,
      height: 1300,
      maximized: false,
    });
  });

  it('falls back to the default size for missing or broken state', () => {
    for (const saved of [undefined, null, 'x', {}, { x: 0, y: 0, width: 10, height: 10, maximized: false }]) {
      expect(restoreWindowState(saved, laptop), JSON.stringify(saved)).to.deep.equal({
        ...DEFAULT_SIZE,
        maximized: false,
      });
    }
    expect(restoreWindowState({ x: 0, y: 0, width: 1.5e3 + 0.5, height: 900, maximized: false }, laptop)).to.deep.equal(
      { ...DEFAULT_SIZE, maximized: false },
    );
  });
});
