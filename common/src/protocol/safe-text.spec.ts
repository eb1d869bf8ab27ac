import { expect } from 'chai';
import { hasUnsafeCharacters, safeDisplayText, safeMultilineText } from './safe-text';

describe('safe display text (names and titles)', () => {
  const name = safeDisplayText({ max: 10, required: 'nameRequired', tooLong: 'nameTooLong' });
  const messages = (value: unknown) => {
    const r = name.safeParse(value);
    return r.success ? r.data : r.error.issues.map((i) => i.message);
  };

  it('refuses control, bidirectional and zero-width characters, wherever they are', () => {
    const unsafe = [
      'a\u0000b',
      'a\tb',
      'a\nb',
      'a\u007fb',
      'a\u0085b', // C0, DEL, C1
      'a\u202Eb',
      'a\u202Ab',
      'a\u2066b',
      'a\u2069b',
      'a\u200Eb',
      'a\u200Fb',
      'a\u061Cb', // bidi
      'a\u200Bb',
      'a\u200Cb',
      'a\u200Db',
      'a\u2060b',
      'a\uFEFFb',
      'a\u00ADb', // zero-width, soft hyphen
      'a\u2028b',
      'a\u2029b',
      'a\uD800b',
      'a\u3164b',
      'a\u115Fb', // separators, lone surrogate, Hangul fillers
      'admin\u{E0041}', // tag character
    ];
    for (const text of unsafe) {
      expect(hasUnsafeCharacters(text), JSON.stringify(text)).to.equal(true);
      expect(messages(text), JSON.stringify(text)).to.deep.equal(['textUnsafeCharacters']);
    }
  });

  it('keeps the names people have: Japanese with an ideographic space, accents, emoji with joiners', () => {
    for (const text of ['山田　太郎', 'Zoë', 'José Ñúñez', '👩‍💻 Aki', '❤️‍🔥', '김민수', 'محمد'])
      expect(messages(text), text).to.equal(text);
  });

  it('stores NFC: a decomposed accent is composed, and trimming happens after', () => {
    expect(messages('  Cafe\u0301 ')).to.equal('Caf\u00e9');
    expect(messages('\u30CF\u309A')).to.equal('\u30D1'); // ハ + combining ゜ → パ
  });

  it('checks length after normalising, and tells empty from too long', () => {
    expect(messages('e\u0301'.repeat(10))).to.equal('\u00e9'.repeat(10));
    expect(messages('x'.repeat(11))).to.deep.equal(['nameTooLong']);
    expect(messages('   ')).to.deep.equal(['nameRequired']);
    expect(safeDisplayText({ max: 5, tooLong: 'long' }).parse('')).to.equal('');
  });

  it('a text of several lines keeps its line breaks (CR LF read as LF) and refuses the rest as a name does', () => {
    const lines = safeMultilineText({ max: 20, required: 'nameRequired', tooLong: 'nameTooLong' });
    const check = (text: string) => {
      const r = lines.safeParse(text);
      return r.success ? r.data : r.error.issues.map((i) => i.message);
    };
    expect(check(' one\r\ntwo\rthree\n ')).to.equal('one\ntwo\nthree');
    expect(check('tab\there')).to.deep.equal(['textUnsafeCharacters']);
    expect(check('a\u202Eb')).to.deep.equal(['textUnsafeCharacters']);
    expect(check('\n\n')).to.deep.equal(['nameRequired']);
    expect(check('x'.repeat(21))).to.deep.equal(['nameTooLong']);
    expect(check('山田\n👩‍💻')).to.equal('山田\n👩‍💻');
  });
});
