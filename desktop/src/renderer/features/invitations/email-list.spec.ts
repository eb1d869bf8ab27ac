import { expect } from 'chai';
import { describe, it } from 'mocha';
import { checkInviteRows, serverRowErrors, splitEmails, toInviteList } from './email-list';

describe('splitEmails', () => {
  it('splits on commas, semicolons, spaces, line breaks and Japanese commas', () => {
    expect(splitEmails('a@x.jp, b@x.jp;c@x.jp\nd@x.jp  e@x.jp、f@x.jp')).to.deep.equal([
      'a@x.jp',
      'b@x.jp',
      'c@x.jp',
      'd@x.jp',
      'e@x.jp',
      'f@x.jp',
    ]);
  });

  it('takes the address out of "Name <address>" as mail clients copy it', () => {
    expect(splitEmails('Taro Yamada <taro@x.jp>, "Sato, Hanako" <hanako@x.jp>')).to.deep.equal([
      'taro@x.jp',
      'hanako@x.jp',
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(splitEmails(' ,\n ; ')).to.deep.equal([]);
  });
});

describe('toInviteList', () => {
  it('drops blank rows, normalises the rest and remembers each row', () => {
    expect(toInviteList(['', ' A@X.jp ', '   ', 'b@x.jp'])).to.deep.equal({
      emails: ['a@x.jp', 'b@x.jp'],
      rowOf: [1, 3],
    });
  });
});

describe('checkInviteRows', () => {
  it('marks invalid addresses and the later copy of a duplicate, by row', () => {
    expect(checkInviteRows(['a@x.jp', '', 'not-an-email', 'A@x.jp ', 'b@x.jp'])).to.deep.equal({
      2: 'email',
      3: 'duplicate',
    });
  });

  it('finds nothing wrong in a clean list', () => {
    expect(checkInviteRows(['a@x.jp', 'b@x.jp'])).to.deep.equal({});
  });
});

describe('serverRowErrors', () => {
  it('maps emails.<index> of the sent list back to the form rows', () => {
    const fields = { 'emails.0': 'a is invited', 'emails.1': 'c is a member', name: 'other' };
    expect(serverRowErrors(fields, [1, 3])).to.deep.equal({ 1: 'a is invited', 3: 'c is a member' });
  });

  it('ignores indexes beyond the list', () => {
    expect(serverRowErrors({ 'emails.5': 'x' }, [0])).to.deep.equal({});
  });
});
