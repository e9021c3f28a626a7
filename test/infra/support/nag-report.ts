import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { buildApp } from '@frameforge/infra/lib/frameforge-app';
import { testApp } from './synth-stack';

export interface NagFinding {
  readonly pack: string;
  readonly rule: string;
  readonly path: string;
}

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

/**
 * The unacknowledged errors of cdk-nag's AwsSolutions and Serverless packs
 * on the whole app, read from the validation report that synthesis writes.
 */
export function nagErrors(context: Record<string, string> = {}): { errors: NagFinding[]; outdir: string } {
  const outdir = mkdtempSync(join(tmpdir(), 'frameforge-nag-'));
  const app = testApp(context, outdir);
  buildApp(app, { account: '123456789012', region: 'eu-west-1' });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: false }), new ServerlessChecks(app, { verbose: false }));
  try {
    app.synth();
  } catch {
    // Synthesis stops at the first failing plugin's report; the report itself says what failed.
  }
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as ValidationReport;
  const errors = report.pluginReports.flatMap((plugin) =>
    plugin.violations
      .filter((v) => v.severity === 'error')
      .flatMap((v) => v.violatingConstructs.map((c) => ({ pack: plugin.pluginName, rule: v.ruleName, path: c.constructPath }))),
  );
  return { errors, outdir };
}
