import type { JsonSchema, OperationSpec } from '../src/operation-spec';

interface Info {
  info: { title: string; description: string };
}

/** A parameter's type as a reader would write it: `string`, `integer 1–100`, `queued | processing …`. */
function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((inner) => typeOf(inner as JsonSchema)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  const range = typeof schema.minimum === 'number' && typeof schema.maximum === 'number' ? ` ${schema.minimum}–${schema.maximum}` : '';
  return `${type}${range}`;
}

function operationSection(operation: OperationSpec): string {
  const properties = (operation.input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((operation.input.required ?? []) as string[]);
  const lines = Object.entries(properties).map(([name, schema]) => {
    const description = typeof schema.description === 'string' ? `: ${schema.description.replace(/\s+/g, ' ')}` : '';
    return `- \`${name}\` (${typeOf(schema)}${required.has(name) ? ', required' : ''})${description}`;
  });
  if (operation.body === 'form') lines.push('- a file in the request itself goes as a multipart part under the input\'s name (`file`, `video_file`…), up to about 4.4 MB; larger ones by `url` or `file_id`');
  return [`### ${operation.method} ${operation.path}`, '', `\`${operation.id}\`. ${operation.summary}`, ...(lines.length > 0 ? ['', ...lines] : [])].join('\n');
}

/**
 * The portal's `/llms.txt` (llmstxt.org's format): what an agent needs to call the API, from the same
 * document the API serves, so a change to an operation shows here once regenerated (and the type check
 * says when it was not).
 */
export function renderLlmsTxt(document: Info, operations: readonly OperationSpec[]): string {
  const [about = '', ...rest] = document.info.description.split('\n\n');
  return `${[
    `# ${document.info.title}`,
    '',
    `> ${about} Cut, crop, merge, redub, caption and inspect media over HTTP: each processing request answers a task at once; poll it (or receive a signed callback) and download its output.`,
    '',
    ...rest.flatMap((paragraph) => [paragraph, '']),
    'Every processing request answers `202` with `task_id`; `GET /task/{id}` answers its status, progress and output, with `Retry-After` while it runs. Errors are `{"error":{"code","message","param","hint"}}` with the `X-Request-Id` header. A `429` carries `Retry-After`. Send `Idempotency-Key` on a processing request to make retrying it safe. A task with a `callback_url` gets a POST signed `FrameForge-Signature: t=<unix>,v1=<hex>`, the HMAC-SHA256 of `"<t>.<raw body>"` with the account\'s callback secret.',
    '',
    '## Docs',
    '',
    "- [API reference](/api-docs): every endpoint with its parameters, answers and examples in curl, JavaScript and Python; the API's base URL and the callback secret.",
    "- OpenAPI 3.1 document: `GET /openapi.json` on the API's base URL.",
    '',
    '## SDK and MCP server',
    '',
    '- `npm install @frameforge/sdk`: a TypeScript client for Node 20+ and browsers, with no dependencies: `new FrameForge({ apiKey, baseUrl })`, one method per operation (`ff.cut({ file_id, duration })`), `ff.uploads.upload(blob)`, `ff.tasks.wait(id)`, `ff.tasks.download(id)`, `ff.callbacks.verify(header, rawBody, secret)`; retries 429 and 5xx with one Idempotency-Key.',
    '- MCP server on stdio: `npx -y -p @frameforge/sdk frameforge-mcp`, with `FRAMEFORGE_API_KEY` and `FRAMEFORGE_API_URL` set. Its tools are the operations below by their `operationId`, and `upload_file`, `wait_task` and `download_task_output`.',
    '',
    '## Operations',
    '',
    operations.map(operationSection).join('\n\n'),
  ].join('\n')}\n`;
}
