import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { routes, standaloneFunctions } from '@frameforge/functions/kernel/http/routes';
import { PROCESSING_ROUTES } from '@frameforge/functions/kernel/contracts/processing-paths';
import {
  ACCOUNT_CONCURRENCY_QUOTA,
  LONG_REQUEST_CEILING,
  PROTECTED_CONCURRENCY,
  TASK_READ_CEILING,
  totalReservedConcurrency,
  UNRESERVED_MINIMUM,
} from '@frameforge/infra/lib/constructs/function-concurrency';
import { STRIPE_WEBHOOK_HANDLER } from '@frameforge/infra/lib/constructs/route-access';
import { sharedSynthesis, type SharedSynthesis } from './support/shared-synthesis';
import { handlerFunctionsOf, synthStack, type Resource } from './support/synth-stack';
import { functionLogicalIdOf } from './support/template-queries';

let synthesized: SharedSynthesis;
beforeAll(() => {
  synthesized = sharedSynthesis();
});

const allHandlers = [...new Set([...routes.map((r) => r.handler), ...Object.values(standaloneFunctions)])];

function functionOf(handler: string): Resource {
  const { template } = synthesized;
  return template.toJSON().Resources[functionLogicalIdOf(template, handler)] as Resource;
}

/** The folder `cdk deploy` zips for a function: `asset.<hash>` beside the templates. */
function stagedAssetOf(fn: Resource, outdir: string): string {
  const key = (fn.Properties.Code as { S3Key?: unknown }).S3Key;
  if (typeof key !== 'string' || !key.endsWith('.zip')) throw new Error(`No zip asset key: ${JSON.stringify(key)}`);
  return join(outdir, `asset.${key.slice(0, -'.zip'.length)}`);
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));

describe('reserved concurrency', () => {
  it('holds capacity for the authorizer, the Cognito triggers and the Stripe webhook', () => {
    const protectedHandlers = [standaloneFunctions.apiKeyAuthorizer, standaloneFunctions.customMessage, standaloneFunctions.preTokenGeneration, STRIPE_WEBHOOK_HANDLER];
    for (const handler of protectedHandlers) {
      expect([handler, functionOf(handler).Properties.ReservedConcurrentExecutions]).toEqual([handler, PROTECTED_CONCURRENCY[handler]]);
      expect(PROTECTED_CONCURRENCY[handler]).toBeGreaterThanOrEqual(10);
    }
  });

  it('puts a ceiling on every job endpoint and every other product function that may wait 29 s', () => {
    const long = routes.filter((r) => r.api === 'product' && r.timeoutSeconds === 29).map((r) => r.handler);
    expect(long).toEqual(expect.arrayContaining(PROCESSING_ROUTES.map((route) => route.handler)));
    for (const handler of long) {
      // Task reads, plain and held, share one function: its ceiling is its own.
      const ceiling = handler === 'product/get-task' ? TASK_READ_CEILING : LONG_REQUEST_CEILING;
      expect([handler, functionOf(handler).Properties.ReservedConcurrentExecutions]).toEqual([handler, ceiling]);
    }
    expect(long).toContain('product/get-task');
  });

  it('leaves the other functions on the shared pool', () => {
    const reserved = allHandlers.filter((h) => functionOf(h).Properties.ReservedConcurrentExecutions !== undefined);
    const long = routes.filter((r) => r.api === 'product' && r.timeoutSeconds === 29).map((r) => r.handler);
    expect(reserved.sort()).toEqual([...Object.keys(PROTECTED_CONCURRENCY), ...long].sort());
  });

  it('reserves no more than the stated quota allows (Lambda keeps 100 unreserved)', () => {
    const inTemplate = handlerFunctionsOf(synthesized.template).reduce(
      (sum, fn) => sum + Number(fn.Properties.ReservedConcurrentExecutions ?? 0),
      0,
    );
    expect(inTemplate).toBe(totalReservedConcurrency());
    expect(inTemplate).toBeLessThanOrEqual(ACCOUNT_CONCURRENCY_QUOTA - UNRESERVED_MINIMUM);
  });
});

describe('function zips', () => {
  it('hold no source map, and no function asks Node to apply one', () => {
    for (const handler of allHandlers) {
      const fn = functionOf(handler);
      const dir = stagedAssetOf(fn, synthesized.outdir);
      expect([handler, existsSync(join(dir, 'index.mjs'))]).toEqual([handler, true]);
      expect([handler, filesUnder(dir).filter((file) => file.endsWith('.map'))]).toEqual([handler, []]);
      expect([handler, (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS]).toEqual([handler, undefined]);
    }
  });

  it('keep the maps beside the built bundles for reading a trace', () => {
    const built = join(__dirname, '../../functions/dist/lambda', STRIPE_WEBHOOK_HANDLER);
    expect(existsSync(join(built, 'index.mjs.map'))).toBe(true);
  });

  it('ship the maps and turn them on together when the context asks for both', () => {
    const withMaps = synthStack({ lambdaSourceMaps: 'true' });
    const fn = withMaps.template.toJSON().Resources[functionLogicalIdOf(withMaps.template, STRIPE_WEBHOOK_HANDLER)] as Resource;
    expect(existsSync(join(stagedAssetOf(fn, withMaps.outdir), 'index.mjs.map'))).toBe(true);
    expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS).toBe('--enable-source-maps');
  });
});
