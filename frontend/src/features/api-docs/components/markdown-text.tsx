import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { parseInline, type Inline } from '../inline-markdown';

const linkClasses = 'font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600';
export const inlineCodeClasses = 'rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8125rem] break-words text-zinc-800';

function render(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        // Names from the API read left to right inside a right-to-left sentence too.
        return (
          <code key={index} dir="ltr" className={inlineCodeClasses}>
            {node.text}
          </code>
        );
      case 'strong':
        return (
          <strong key={index} className="font-semibold text-zinc-900">
            {render(node.children)}
          </strong>
        );
      case 'link':
        return node.href.startsWith('/') ? (
          <Link key={index} to={node.href} className={linkClasses}>
            {render(node.children)}
          </Link>
        ) : (
          <a key={index} href={node.href} className={linkClasses} rel="noopener noreferrer" target={node.href.startsWith('#') ? undefined : '_blank'}>
            {render(node.children)}
          </a>
        );
    }
  });
}

/** A reference text with its inline markdown as elements (React escapes every text node). */
export function MarkdownText({ text }: { text: string }) {
  const nodes = useMemo(() => parseInline(text), [text]);
  return <>{render(nodes)}</>;
}
