/**
 * Just enough XML for S3's request and response shapes. Request bodies here
 * (DeleteObjects, CompleteMultipartUpload, CORS) are flat lists of simple
 * elements, so reading them needs no general parser.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function unescapeXml(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/** The raw inner XML of every `<tag>` element, in order (elements of that name do not nest in S3's shapes). */
export function elements(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${tag}>)`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? '');
}

/** The text of the first `<tag>` element, unescaped; undefined when there is none. */
export function text(xml: string, tag: string): string | undefined {
  const [first] = elements(xml, tag);
  return first === undefined ? undefined : unescapeXml(first.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1'));
}

/** The texts of every `<tag>` element, unescaped. */
export function texts(xml: string, tag: string): string[] {
  return elements(xml, tag).map((inner) => unescapeXml(inner));
}

/** A document in S3's namespace; `fields` become child elements in order, arrays repeat the element. */
export type XmlValue = string | number | boolean | Date | undefined | XmlFields | XmlValue[];
export interface XmlFields {
  [name: string]: XmlValue;
}

function render(name: string, value: XmlValue): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => render(name, item)).join('');
  if (value instanceof Date) return `<${name}>${value.toISOString()}</${name}>`;
  if (typeof value === 'object') return `<${name}>${renderFields(value)}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

function renderFields(fields: XmlFields): string {
  return Object.entries(fields)
    .map(([name, value]) => render(name, value))
    .join('');
}

export function xmlDocument(root: string, fields: XmlFields): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${renderFields(fields)}</${root}>`;
}
