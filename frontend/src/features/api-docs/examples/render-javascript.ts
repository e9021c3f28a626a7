import type { AnswerKind, ExampleRequest } from './example-request';

export const jsString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

const jsKey = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name));

function jsValue(value: unknown, indent: string): string {
  if (typeof value === 'string') return jsString(value);
  if (Array.isArray(value)) return `[${value.map((item) => jsValue(item, indent)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => `${indent}  ${jsKey(key)}: ${jsValue(item, `${indent}  `)},`);
    return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function answerLines(answer: AnswerKind): string[] {
  const save = (name: string, indent = '') => `${indent}await writeFile(${jsString(name)}, Buffer.from(await response.arrayBuffer()));`;
  switch (answer.kind) {
    case 'json':
      return ['console.log(response.status, await response.json());'];
    case 'text':
      return ['console.log(response.status, await response.text());'];
    case 'file':
      return [save(answer.saveAs)];
    case 'imageOrJson':
      return [
        "if (response.headers.get('content-type')?.startsWith('image/')) {",
        save(answer.saveAs, '  '),
        '} else {',
        '  console.log(response.status, await response.json());',
        '}',
      ];
  }
}

/** Node.js 20+: fetch, FormData and openAsBlob are built in; an ES module, so top-level await works. */
export function renderJavaScript(request: ExampleRequest): string {
  const { body, answer } = request;
  const hasFiles = body.kind === 'form' && body.fields.some((field) => field.file);
  const imports = [
    ...(hasFiles ? ["import { openAsBlob } from 'node:fs';"] : []),
    ...(answer.kind === 'file' || answer.kind === 'imageOrJson' ? ["import { writeFile } from 'node:fs/promises';"] : []),
  ];
  const lines: string[] = imports.length > 0 ? [...imports, ''] : [];
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  if (body.kind === 'form') {
    lines.push('const form = new FormData();');
    for (const field of body.fields) {
      lines.push(
        field.file
          ? `form.append(${jsString(field.name)}, await openAsBlob(${jsString(field.value)}), ${jsString(field.value)});`
          : `form.append(${jsString(field.name)}, ${jsString(field.value)});`,
      );
    }
    lines.push('');
  } else if (body.kind === 'json') {
    headers['Content-Type'] = 'application/json';
  }
  const options = [`  method: ${jsString(request.method)},`, `  headers: ${jsValue(headers, '  ')},`];
  if (body.kind === 'form') options.push('  body: form,');
  if (body.kind === 'json') options.push(`  body: JSON.stringify(${jsValue(body.value, '  ')}),`);
  lines.push(`const response = await fetch(${jsString(request.url)}, {`, ...options, '});', ...answerLines(answer));
  return lines.join('\n');
}
