import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument } from '@frameforge/functions/features/docs/openapi/openapi-document';

/**
 * The second validator of the served document: the OpenAPI Initiative's own
 * JSON Schema of 3.1 (through @seriousme/openapi-schema-validator's CLI, as
 * it is an ES module), paths, components and the `webhooks` section alike.
 * Redocly's rules are the first (openapi-lint.test.ts).
 */

interface Verdict {
  valid: boolean;
  errors?: unknown;
}

let dir: string;
let verdict: Verdict;
const document = openApiDocument('https://api.example.test');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-schema-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document, null, 2));
  const run = spawnSync(process.execPath, [require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js'), join(dir, 'openapi.json')], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`The validator printed no verdict (exit ${String(run.status)}): ${run.stderr.slice(-2000)}`);
  verdict = JSON.parse(run.stdout.slice(start)) as Verdict;
}, 90_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the OpenAPI 3.1 JSON Schema on the served document", () => {
  it('finds it valid, webhooks included', () => {
    expect(verdict.errors ?? []).toEqual([]);
    expect(verdict.valid).toBe(true);
    expect(Object.keys((document as { webhooks?: object }).webhooks ?? {})).toEqual(expect.arrayContaining(['task.completed', 'task.failed']));
  });
});
