import type { AnswerKind, ExampleRequest } from './example-request';

// JSON's string syntax is also valid Python for these texts.
const pyString = (text: string): string => JSON.stringify(text);

function pyValue(value: unknown): string {
  if (typeof value === 'string') return pyString(value);
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map(pyValue).join(', ')}]`;
  if (typeof value === 'object') return `{${Object.entries(value).map(([key, item]) => `${pyString(key)}: ${pyValue(item)}`).join(', ')}}`;
  return String(value);
}

function answerLines(answer: AnswerKind): string[] {
  const save = (name: string, indent = '') => [`${indent}with open(${pyString(name)}, "wb") as out:`, `${indent}    out.write(response.content)`];
  switch (answer.kind) {
    case 'json':
      return ['print(response.status_code, response.json())'];
    case 'text':
      return ['print(response.status_code, response.text)'];
    case 'file':
      return ['response.raise_for_status()', ...save(answer.saveAs)];
    case 'imageOrJson':
      return ['if response.headers.get("content-type", "").startswith("image/"):', ...save(answer.saveAs, '    '), 'else:', '    print(response.status_code, response.json())'];
  }
}

/** With the requests package; repeated fields are lists of pairs, as requests sends them in order. */
export function renderPython(request: ExampleRequest): string {
  const { body } = request;
  const args = [`    ${pyString(request.url)},`, `    headers={${request.headers.map(([name, value]) => `${pyString(name)}: ${pyString(value)}`).join(', ')}},`];
  if (body.kind === 'json') args.push(`    json=${pyValue(body.value)},`);
  if (body.kind === 'form') {
    const files = body.fields.filter((field) => field.file);
    const data = body.fields.filter((field) => !field.file);
    if (files.length > 0) args.push(`    files=[${files.map((f) => `(${pyString(f.name)}, open(${pyString(f.value)}, "rb"))`).join(', ')}],`);
    const repeats = new Set(data.map((field) => field.name)).size < data.length;
    if (data.length > 0) {
      args.push(
        repeats
          ? `    data=[${data.map((f) => `(${pyString(f.name)}, ${pyString(f.value)})`).join(', ')}],`
          : `    data={${data.map((f) => `${pyString(f.name)}: ${pyString(f.value)}`).join(', ')}},`,
      );
    }
  }
  const call = request.method.toLowerCase();
  return ['import requests', '', `response = requests.${call}(`, ...args, ')', ...answerLines(request.answer)].join('\n');
}
