import { expect } from 'chai';
import { describe, it } from 'mocha';
import { escapeHtml, htmlToPlainText, richToText, toContent, toRich, type HtmlNode } from './rich-text';

// Parsed-DOM shapes as data (Node has no DOMParser; the browser test renders real payloads).
const text = (value: string): HtmlNode => ({ nodeType: 3, nodeName: '#text', nodeValue: value, childNodes: [] });
const el = (tag: string, children: HtmlNode[] = [], attrs: Record<string, string> = {}): HtmlNode => ({
  nodeType: 1,
  nodeName: tag.toUpperCase(),
  nodeValue: null,
  childNodes: children,
  getAttribute: (name) => attrs[name] ?? null,
});
const comment = (value: string): HtmlNode => ({ nodeType: 8, nodeName: '#comment', nodeValue: value, childNodes: [] });

describe('chat: rich text', () => {
  it('escapes typed text so markup stays text', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).to.equal(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
    expect(toContent('a\nb')).to.equal('a\nb');
  });

  it('keeps allowed tags and their text', () => {
    const nodes = toRich([el('p', [text('Hello '), el('strong', [text('team')]), el('br')])]);
    expect(nodes).to.deep.equal([
      {
        kind: 'element',
        tag: 'p',
        children: [
          { kind: 'text', text: 'Hello ' },
          { kind: 'element', tag: 'strong', children: [{ kind: 'text', text: 'team' }] },
          { kind: 'element', tag: 'br', children: [] },
        ],
      },
    ]);
  });

  it('shows only the text of disallowed elements and drops comments', () => {
    const nodes = toRich([
      el('script', [text('alert(1)')]),
      el('img', [], { src: 'x', onerror: 'alert(2)' }),
      el('iframe', [text('inner')], { src: 'https://evil.test' }),
      el('div', [el('em', [text('ok')])], { onclick: 'alert(3)' }),
      comment('<script>'),
    ]);
    expect(JSON.stringify(nodes)).to.not.match(/script"|img|iframe|onerror|onclick|div/);
    expect(richToText(nodes)).to.equal('alert(1)innerok');
  });

  it('keeps links only with allowed schemes and never nests them', () => {
    const nodes = toRich([
      el('a', [text('safe')], { href: 'https://example.com' }),
      el('a', [text('bad')], { href: 'javascript:alert(1)' }),
      el('a', [text('data')], { href: 'data:text/html,x' }),
      el('a', [text('mail')], { href: 'mailto:a@b.test' }),
      el('a', [el('a', [text('inner')], { href: 'https://x.test' })], { href: 'https://outer.test' }),
    ]);
    expect(nodes.map((n) => n.kind)).to.deep.equal(['anchor', 'text', 'text', 'anchor', 'anchor']);
    expect(nodes[0]).to.deep.include({ href: 'https://example.com/' });
    expect(nodes[4]).to.deep.equal({
      kind: 'anchor',
      href: 'https://outer.test/',
      children: [{ kind: 'text', text: 'inner' }],
    });
  });

  it('linkifies bare URLs in text, but not inside links', () => {
    const nodes = toRich([text('see https://example.com now')]);
    expect(nodes.map((n) => n.kind)).to.deep.equal(['text', 'link', 'text']);
    const inside = toRich([el('a', [text('https://a.test')], { href: 'https://b.test' })]);
    expect(inside).to.deep.equal([
      { kind: 'anchor', href: 'https://b.test/', children: [{ kind: 'text', text: 'https://a.test' }] },
    ]);
  });

  it('turns rich nodes back into the plain text that was typed', () => {
    expect(richToText(toRich([text('line 1\nline 2 <b>not bold</b>')]))).to.equal('line 1\nline 2 <b>not bold</b>');
    expect(richToText(toRich([el('p', [text('a')]), el('p', [text('b'), el('br'), text('c')])]))).to.equal('a\nb\nc\n');
  });

  it('reads the plain text of content without a DOM', () => {
    expect(
      htmlToPlainText('&lt;script&gt;x&lt;/script&gt; &amp; <b>bold</b><br>next &#39;q&#39; &quot;d&quot;'),
    ).to.equal(`<script>x</script> & bold\nnext 'q' "d"`);
    expect(htmlToPlainText('<p>a</p><p>b</p>')).to.equal('a\nb');
  });
});
