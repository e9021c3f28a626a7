import type { AnswerKind, ExampleRequest, FormField } from './example-request';
import { sdkCallOf } from './sdk-call';

export const jsString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

const jsKey = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name));

/** Code to write as it is, not as a string: `await openAsBlob('input.mp4')`. */
class Expression {
  constructor(readonly code: string) {}
}

function jsValue(value: unknown, indent: string): string {
  if (value instanceof Expression) return value.code;
  if (typeof value === 'string') return jsString(value);
  if (Array.isArray(value)) return `[${value.map((item) => jsValue(item, indent)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, item]) => `${indent}  ${jsKey(key)}: ${jsValue(item, `${indent}  `)},`);
    return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** A form's fields as the SDK takes them: numbers as numbers, repeated names as a list, files as Blobs. */
function formParams(fields: FormField[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  // The example waits for the task with the SDK, so the form's download=0 says nothing here.
  for (const field of fields.filter((f) => f.name !== 'download')) {
    const value = field.file ? new Expression(`await openAsBlob(${jsString(field.value)})`) : /^-?\d+(\.\d+)?$/.test(field.value) ? Number(field.value) : field.value;
    const earlier = params[field.name];
    params[field.name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return params;
}

function bodyParams(request: ExampleRequest): Record<string, unknown> {
  if (request.body.kind === 'form') return formParams(request.body.fields);
  if (request.body.kind === 'json') return request.body.value;
  return {};
}

function argumentsOf(request: ExampleRequest): string {
  const { args } = sdkCallOf(request.operationId);
  const first = request.params[0]?.[1] ?? '';
  const body = bodyParams(request);
  switch (args) {
    case 'none':
      return '';
    case 'param':
      return jsString(first);
    case 'paramAndBody':
      return Object.keys(body).length > 0 ? `${jsString(first)}, ${jsValue(body, '')}` : jsString(first);
    case 'object': {
      const all = { ...Object.fromEntries(request.params), ...body };
      return Object.keys(all).length > 0 ? jsValue(all, '') : '';
    }
  }
}

const save = (name: string, blob: string, indent = '') => `${indent}await writeFile(${jsString(name)}, Buffer.from(await ${blob}.arrayBuffer()));`;

function answerLines(request: ExampleRequest, call: string, answer: AnswerKind): string[] {
  if (request.accepted && answer.kind === 'imageOrJson') {
    return [`const frame = ${call};`, 'if (frame instanceof Blob) {', save(answer.saveAs, 'frame', '  '), '} else {', '  console.log(await ff.tasks.wait(frame.task_id));', '}'];
  }
  // A processing request answers its task at once: wait for it, at the pace the API asks for.
  if (request.accepted) return [`const task = ${call};`, 'const done = await ff.tasks.wait(task.task_id);', 'console.log(done.output);'];
  if (request.operationId === 'get_file') return [`const url = ${call};`, `await writeFile(${jsString('output.mp4')}, Buffer.from(await (await fetch(url)).arrayBuffer()));`];
  if (answer.kind === 'file') return [`const file = ${call};`, save(answer.saveAs, 'file')];
  return [`console.log(${call});`];
}

/** Node.js 20+ with `npm install @frameforge/sdk`: an ES module, so top-level await works. */
export function renderJavaScript(request: ExampleRequest): string {
  const { method } = sdkCallOf(request.operationId);
  const hasFiles = request.body.kind === 'form' && request.body.fields.some((field) => field.file);
  const saves = request.answer.kind === 'file' || request.answer.kind === 'imageOrJson';
  const apiKey = request.headers.find(([name]) => name === 'X-API-Key')?.[1] ?? '';
  const extraHeaders = request.headers.filter(([name]) => name !== 'X-API-Key');
  const options = extraHeaders.length > 0 ? `, { headers: ${jsValue(Object.fromEntries(extraHeaders), '')} }` : '';
  const call = `await ff.${method}(${argumentsOf(request)}${options})`;
  return [
    "import { FrameForge } from '@frameforge/sdk';",
    ...(hasFiles ? ["import { openAsBlob } from 'node:fs';"] : []),
    ...(saves ? ["import { writeFile } from 'node:fs/promises';"] : []),
    '',
    `const ff = new FrameForge({ apiKey: ${jsString(apiKey)}, baseUrl: ${jsString(request.baseUrl)} });`,
    '',
    ...answerLines(request, call, request.answer),
  ].join('\n');
}
