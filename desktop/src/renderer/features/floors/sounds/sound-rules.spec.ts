import { expect } from 'chai';
import { describe, it } from 'mocha';
import { entrySound, KNOCK_ROOMS, movedRoom, MUTE_KEY, readMuted, writeMuted } from './sound-rules';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('floor sounds', () => {
  it('knocks for the rooms of the list of the floor type, and chimes elsewhere', () => {
    expect(entrySound(1, 4)).to.equal('knock');
    expect(entrySound(1, 17)).to.equal('knock');
    expect(entrySound(1, 1)).to.equal('enter');
    expect(entrySound(1, 18)).to.equal('enter');
    expect(entrySound(2, 1)).to.equal('knock');
    expect(entrySound(2, 23)).to.equal('knock');
    expect(entrySound(2, 17)).to.equal('enter');
    expect(entrySound(2, 3)).to.equal('enter');
    expect(KNOCK_ROOMS[1]).to.have.length(11);
    expect(KNOCK_ROOMS[2]).to.have.length(11);
  });

  it('sounds only for a real move after joining', () => {
    expect(movedRoom(undefined, 11)).to.equal(false);
    expect(movedRoom(11, 11)).to.equal(false);
    expect(movedRoom(11, undefined)).to.equal(false);
    expect(movedRoom(11, 12)).to.equal(true);
  });

  it('remembers the mute choice, and survives a storage that refuses', () => {
    const storage = memory();
    expect(readMuted(storage)).to.equal(false);
    writeMuted(storage, true);
    expect(storage.getItem(MUTE_KEY)).to.equal('1');
    expect(readMuted(storage)).to.equal(true);
    writeMuted(storage, false);
    expect(readMuted(storage)).to.equal(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeMuted(full, true)).not.to.throw();
    expect(readMuted(undefined)).to.equal(false);
  });
});
