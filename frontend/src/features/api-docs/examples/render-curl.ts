import type { ExampleRequest } from './example-request';

/** Quotes for a POSIX shell only when the word needs it; single quotes keep `!`, `$` and spaces literal. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function renderCurl(request: ExampleRequest): string {
  const first = request.method === 'GET' ? `curl ${shellWord(request.url)}` : `curl -X ${request.method} ${shellWord(request.url)}`;
  const lines = [first];
  for (const [name, value] of request.headers) lines.push(`-H ${shellWord(`${name}: ${value}`)}`);
  const { body, answer } = request;
  if (body.kind === 'json') {
    lines.push(`-H ${shellWord('Content-Type: application/json')}`, `-d ${shellWord(JSON.stringify(body.value))}`);
  } else if (body.kind === 'form') {
    for (const field of body.fields) lines.push(`-F ${shellWord(`${field.name}=${field.file ? '@' : ''}${field.value}`)}`);
  }
  if (answer.kind === 'file') lines.push(`-L -o ${shellWord(answer.saveAs)}`);
  // The frame, or the task as JSON when it took longer: the status line says which one was saved.
  if (answer.kind === 'imageOrJson') lines.push(`-o ${shellWord(answer.saveAs)} -w ${shellWord('%{http_code} %{content_type}\\n')}`);
  return lines.join(' \\\n  ');
}
