import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nagErrors, type NagFinding } from './support/nag-report';

/**
 * cdk-nag's AwsSolutions and Serverless packs on the whole app: no error
 * left unacknowledged, and every acknowledgment sits on one resource with
 * its reason beside it in the construct that makes the resource.
 */
describe('cdk-nag', () => {
  const { errors, outdir } = nagErrors();

  const summary = (findings: NagFinding[]) =>
    [...findings.reduce((m, f) => m.set(`${f.pack} ${f.rule}`, [...(m.get(`${f.pack} ${f.rule}`) ?? []), f.path]), new Map<string, string[]>())]
      .map(([rule, paths]) => `${rule} (${paths.length}): ${paths.slice(0, 3).join(', ')}`);

  it('leaves no AwsSolutions error unacknowledged', () => {
    expect(summary(errors.filter((e) => e.pack === 'AwsSolutions'))).toEqual([]);
  });

  it('leaves no Serverless error unacknowledged', () => {
    expect(summary(errors.filter((e) => e.pack !== 'AwsSolutions'))).toEqual([]);
  });

  it('keeps every template, nested ones included, at most 350 resources', () => {
    const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
    };
    const counts: Record<string, number> = {};
    for (const artifact of Object.values(manifest.artifacts)) {
      const file = artifact.properties?.templateFile;
      if (artifact.type !== 'aws:cloudformation:stack' || !file) continue;
      const template = JSON.parse(readFileSync(join(outdir, file), 'utf8')) as { Resources: Record<string, { Type: string; Metadata?: Record<string, unknown> }> };
      counts[file] = Object.keys(template.Resources).length;
      for (const resource of Object.values(template.Resources)) {
        const nested = resource.Metadata?.['aws:asset:path'];
        if (resource.Type === 'AWS::CloudFormation::Stack' && typeof nested === 'string') {
          counts[nested] = Object.keys((JSON.parse(readFileSync(join(outdir, nested), 'utf8')) as { Resources: object }).Resources).length;
        }
      }
    }
    console.log(`Resources per template: ${JSON.stringify(counts)}`);
    expect(Object.entries(counts).filter(([, n]) => n > 350)).toEqual([]);
  });
});
