import { expect } from 'chai';
import { describe, it } from 'mocha';
import { linkify, safeHref, textToSend } from './chat-text';

const links = (text: string) => linkify(text).filter((p) => p.kind === 'link');

describe('chat: text rule', () => {
  it('does not send text that is empty after trimming', () => {
    expect(textToSend('')).to.equal(null);
    expect(textToSend('   \n\t ')).to.equal(null);
    expect(textToSend('\u3000')).to.equal(null); // ideographic space
  });

  it('sends the trimmed text', () => {
    expect(textToSend('  hello \n')).to.equal('hello');
    expect(textToSend('a\n\nb')).to.equal('a\n\nb');
  });
});

describe('chat: linkify', () => {
  it('keeps plain text as one part', () => {
    expect(linkify('おはようございます')).to.deep.equal([{ kind: 'text', text: 'おはようございます' }]);
    expect(linkify('')).to.deep.equal([]);
  });

  it('keeps HTML and script payloads as text', () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)><b>bold</b>';
    expect(linkify(payload)).to.deep.equal([{ kind: 'text', text: payload }]);
  });

  it('links http, https, ftp, mailto and tel', () => {
    const text =
      'see https://example.com/a?b=1#c, http://x.test ftp://files.test/f mailto:a@b.test tel:+81-3-1234-5678';
    expect(links(text).map((p) => p.kind === 'link' && p.href)).to.deep.equal([
      'https://example.com/a?b=1#c',
      'http://x.test/',
      'ftp://files.test/f',
      'mailto:a@b.test',
      'tel:+81-3-1234-5678',
    ]);
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).to.equal(text);
  });

  it('never links javascript:, data: or vbscript: URLs', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ])
      expect(links(text), text).to.deep.equal([]);
    expect(safeHref('javascript:alert(1)')).to.equal(null);
    expect(safeHref('https://ok.test')).to.equal('https://ok.test/');
  });

  it('does not let a link swallow markup or quotes around it', () => {
    const parts = linkify('<a href="https://evil.test">x</a>');
    expect(parts.map((p) => p.kind)).to.deep.equal(['text', 'link', 'text']);
    expect(parts[1]).to.deep.include({ href: 'https://evil.test/' });
    expect(parts.map((p) => p.text).join('')).to.equal('<a href="https://evil.test">x</a>');
  });

  it('leaves sentence punctuation outside the link but keeps balanced brackets', () => {
    expect(links('Look: https://example.com/page.')[0]).to.deep.include({ text: 'https://example.com/page' });
    expect(links('(https://example.com/x)')[0]).to.deep.include({ text: 'https://example.com/x' });
    expect(links('https://en.wikipedia.org/wiki/Foo_(bar)')[0]).to.deep.include({
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
    expect(links('資料はhttps://example.com/a。')[0]).to.deep.include({ text: 'https://example.com/a' });
  });
});
