import { Document, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { openApiDocument } from '@frameforge/functions/features/docs/openapi/openapi-document';

/**
 * The served OpenAPI document, built here as the API builds it, linted by
 * Spectral's OpenAPI ruleset (the second validator beside Redocly's): no
 * error may remain, webhooks included. Warnings are printed, not failed on.
 */

const SEVERITIES = ['error', 'warn', 'info', 'hint'] as const;

let results: ISpectralDiagnostic[];

beforeAll(async () => {
  const spectral = new Spectral();
  // The ruleset's published type is wider than setRuleset's parameter; it is the ruleset Spectral's own CLI extends.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const document = openApiDocument('https://api.example.test');
  results = await spectral.run(new Document(JSON.stringify(document, null, 2), Json, 'openapi.json'));
}, 90_000);

const described = (found: ISpectralDiagnostic[]) => found.map((r) => `${String(r.code)} at ${r.path.join('.')}: ${r.message}`);

describe("Spectral's OpenAPI ruleset on the OpenAPI document", () => {
  it('reports no error', () => {
    const bySeverity = (level: (typeof SEVERITIES)[number]) => results.filter((r) => SEVERITIES[r.severity] === level);
    const counts = SEVERITIES.map((level) => `${bySeverity(level).length} ${level}`).join(', ');
    console.log(`Spectral oas recommended: ${counts}\n${[...new Set(bySeverity('warn').map((r) => String(r.code)))].join(', ')}`);
    expect(described(bySeverity('error'))).toEqual([]);
  });

  it('checked the document it was given: the webhooks and every path were read', () => {
    const document = openApiDocument('https://api.example.test') as { paths: object; webhooks?: object };
    expect(Object.keys(document.paths).length).toBeGreaterThan(15);
    expect(Object.keys(document.webhooks ?? {}).length).toBeGreaterThan(0);
    // A document Spectral could not parse shows up as a parser diagnostic, never as silence.
    expect(results.filter((r) => String(r.code).startsWith('parser'))).toEqual([]);
  });
});
