import { createElement, useMemo, type ReactNode } from 'react';
import { parseContent, type RichNode } from '../rich-text';

function render(nodes: RichNode[], prefix: string): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${prefix}${i}`;
    if (node.kind === 'text') return <span key={key}>{node.text}</span>;
    if (node.kind === 'link' || node.kind === 'anchor') {
      const children = node.kind === 'link' ? node.text : render(node.children, `${key}.`);
      return (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      );
    }
    if (node.tag === 'br') return <br key={key} />;
    return createElement(node.tag, { key }, ...render(node.children, `${key}.`));
  });
}

/**
 * A text message's content: the server's sanitised HTML walked through the
 * allow-list (rich-text.ts) into React elements; never set as HTML.
 */
export function RichContent({ html }: { html: string }) {
  const nodes = useMemo(() => parseContent(html), [html]);
  return <div className="chat-rich">{render(nodes, '')}</div>;
}
