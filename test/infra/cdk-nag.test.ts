import { readdirSync, readFileSync } from 'node:fs';
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
    const counts = Object.fromEntries(
      readdirSync(outdir)
        .filter((file) => file.endsWith('.template.json'))
        .map((file) => [file, Object.keys((JSON.parse(readFileSync(join(outdir, file), 'utf8')) as { Resources: object }).Resources).length]),
    );
    console.log(`Resources per template: ${JSON.stringify(counts)}`);
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(3);
    expect(Object.entries(counts).filter(([, n]) => n > 350)).toEqual([]);
  });
});
