import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument } from '@frameforge/functions/features/docs/openapi/openapi-document';

/**
 * The served OpenAPI document, built here as the API builds it, linted by
 * Redocly's CLI with its recommended rules: no error may remain. Warnings
 * are printed, not failed on (the download routes answer with a redirect by
 * design, so they have no 2xx to declare).
 */

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}
interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Problem[];
}

let dir: string;
let report: LintReport;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(openApiDocument('https://api.example.test'), null, 2));
  // Run where no redocly.yaml can be found: the recommended rules alone, and nothing leaves the machine.
  const run = spawnSync(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), 'lint', 'openapi.json', '--extends', 'recommended', '--format', 'json'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    timeout: 60_000,
  });
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`Redocly printed no report (exit ${String(run.status)}): ${run.stderr.slice(-2000)}`);
  report = JSON.parse(run.stdout.slice(start)) as LintReport;
}, 90_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const described = (problems: Problem[]) => problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);

describe("Redocly's recommended rules on the OpenAPI document", () => {
  it('report no error', () => {
    const warnings = report.problems.filter((p) => p.severity !== 'error');
    console.log(`Redocly recommended: ${report.totals.errors} errors, ${report.totals.warnings} warnings\n${described(warnings).join('\n')}`);
    expect(described(report.problems.filter((p) => p.severity === 'error'))).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('warn only of what is meant: no license chosen yet, and the redirects of the download routes', () => {
    const warned = new Set(report.problems.filter((p) => p.severity !== 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`));
    expect([...warned].sort()).toEqual(
      ['info-license #/info', 'operation-2xx-response #/paths/~1file/get/responses', 'operation-2xx-response #/paths/~1task~1{id}~1download/get/responses'].sort(),
    );
  });
});
