import { expect } from 'chai';
import { chatPlainText, sanitizeChatHtml } from './sanitize';

describe('chat rich text', () => {
  const link = (href: string) => `<a href="${href}" target="_blank" rel="noopener noreferrer nofollow">x</a>`;

  it('keeps links with http, https, ftp, mailto and tel only', () => {
    for (const href of [
      'http://a.example/p?q=1',
      'https://a.example',
      'ftp://files.example/f',
      'mailto:a@b.example',
      'tel:+81-3-1234-5678',
    ])
      expect(sanitizeChatHtml(`<a href="${href}">x</a>`)).to.equal(link(href.replace(/&/g, '&amp;')));
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      '//evil.example/x',
      'file:///etc/passwd',
    ])
      expect(sanitizeChatHtml(`<a href="${href}">x</a>`), href).to.equal(
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
      );
  });

  it('keeps the allowed tags without attributes and shows anything else as text', () => {
    expect(sanitizeChatHtml('<p><b>b</b> <i>i</i> <u>u</u> <s>s</s> <code>c</code></p><ul><li>one</li></ul>')).to.equal(
      '<p><b>b</b> <i>i</i> <u>u</u> <s>s</s> <code>c</code></p><ul><li>one</li></ul>',
    );
    expect(sanitizeChatHtml('<b onclick="x()" style="color:red">hi</b>')).to.equal('<b>hi</b>');
    expect(sanitizeChatHtml('<script>alert(1)</script>')).to.equal('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeChatHtml('<img src=x onerror=alert(1)>')).to.equal('&lt;img /&gt;');
    expect(sanitizeChatHtml('<iframe src="https://e.example"></iframe>')).to.contain('&lt;iframe');
    expect(sanitizeChatHtml('  plain "quotes" & it\'s  ')).to.equal('plain "quotes" &amp; it\'s');
    expect(sanitizeChatHtml('  just words  ')).to.equal('just words');
  });

  it('reads the text without markup, empty when nothing is said', () => {
    expect(chatPlainText(sanitizeChatHtml('<p>line one</p><p>two &amp; <b>three</b></p>'))).to.equal(
      'line one\ntwo & three',
    );
    for (const empty of ['', '   ', '<p> </p>', '<br>', '<b> </b><br/>'])
      expect(chatPlainText(sanitizeChatHtml(empty)), empty).to.equal('');
    expect(chatPlainText(sanitizeChatHtml('<script></script>'))).to.equal('<script></script>');
  });
});
