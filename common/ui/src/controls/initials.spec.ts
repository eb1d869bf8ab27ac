import { expect } from 'chai';
import { describe, it } from 'mocha';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and last word of a Latin name, upper-cased', () => {
    expect(initialsOf('taro yamada')).to.equal('TY');
    expect(initialsOf('  Mary Ann  Smith ')).to.equal('MS');
  });

  it('takes one letter of a single-word name', () => {
    expect(initialsOf('hanako')).to.equal('H');
  });

  it('takes the first character of a Japanese name, even with a space', () => {
    expect(initialsOf('山田 太郎')).to.equal('山');
    expect(initialsOf('さくら')).to.equal('さ');
  });

  it('does not split a character outside the basic plane', () => {
    expect(initialsOf('𠮷野 家')).to.equal('𠮷');
  });

  it('answers a question mark for a blank name', () => {
    expect(initialsOf('   ')).to.equal('?');
  });
});
