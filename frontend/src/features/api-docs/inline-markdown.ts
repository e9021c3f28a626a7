/**
 * The little markdown the reference texts use, inline only: `code`, **bold** and
 * [links](https://…). Parsed into a tree that React renders as elements, so no text
 * is ever handed to the page as HTML; anything else stays the plain text it is.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

/** Web addresses and the portal's own paths; `javascript:`, `data:` and the like stay text. */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (/^https?:\/\/[^\s]+$/i.test(trimmed)) return trimmed;
  if (/^\/(?!\/)[^\s]*$/.test(trimmed) || /^#[\w-]+$/.test(trimmed)) return trimmed;
  return undefined;
}

function pushText(out: Inline[], text: string): void {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last?.kind === 'text') last.text += text;
  else out.push({ kind: 'text', text });
}

/** A link at `start` (on its `[`): the end index, text and address, or undefined when it is not one. */
function linkAt(source: string, start: number): { end: number; label: string; href: string } | undefined {
  const close = source.indexOf('](', start + 1);
  if (close < 0) return undefined;
  const end = source.indexOf(')', close + 2);
  if (end < 0) return undefined;
  const label = source.slice(start + 1, close);
  if (label === '' || label.includes('[')) return undefined;
  return { end: end + 1, label, href: source.slice(close + 2, end) };
}

export function parseInline(source: string, inLink = false): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    if (rest.startsWith('`')) {
      const end = source.indexOf('`', i + 1);
      if (end > i + 1) {
        out.push({ kind: 'code', text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    } else if (rest.startsWith('**')) {
      const end = source.indexOf('**', i + 2);
      if (end > i + 2) {
        out.push({ kind: 'strong', children: parseInline(source.slice(i + 2, end), inLink) });
        i = end + 2;
        continue;
      }
    } else if (rest.startsWith('[') && !inLink) {
      const link = linkAt(source, i);
      const href = link && safeHref(link.href);
      if (link && href) {
        out.push({ kind: 'link', href, children: parseInline(link.label, true) });
        i = link.end;
        continue;
      }
      if (link) {
        // An address we do not link to: its words stay, the address does not become one.
        pushText(out, link.label);
        i = link.end;
        continue;
      }
    }
    pushText(out, source[i] ?? '');
    i += 1;
  }
  return out;
}

/** The words without the markup, for places that take plain text (a title, a label). */
export function plainText(nodes: Inline[]): string {
  return nodes.map((node) => (node.kind === 'text' || node.kind === 'code' ? node.text : plainText(node.children))).join('');
}
