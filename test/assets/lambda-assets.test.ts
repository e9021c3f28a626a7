import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { READ_HANDLERS } from '@frameforge/functions/bundling/bundle-closure';
import { BUNDLE_ENTRY } from '@frameforge/functions/bundling/bundle-layout';
import { zippedBytes } from '@frameforge/functions/bundling/bundle-sizes';
import { probeBundle, type ProbeResult } from '../support/bundle-probe';
import { allCodeOf, codeLoadedAtStart } from './bundle-code';
import { deployedFunctions, type DeployedFunction } from './cloud-assembly';
import { sampleEventOf } from './sample-events';

/**
 * After `cdk synth`: every Lambda asset in `cdk.out`, the folder that deploy
 * zips, loaded in a fresh Node process with its function's environment and
 * invoked with a sample event. AWS itself is out of reach here (every SDK
 * endpoint points at a closed port), so each must answer before needing it,
 * or answer the failure as an HTTP error rather than crash.
 */
const functions = deployedFunctions();
const outcomes = new Map<string, ProbeResult>();

const offline = {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIASAMPLE',
  AWS_SECRET_ACCESS_KEY: 'sample',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
};

async function probeAll(list: DeployedFunction[], concurrency = 2): Promise<void> {
  const queue = [...list];
  const work = async () => {
    for (let fn = queue.shift(); fn; fn = queue.shift()) {
      const env = { ...fn.environment, ...offline, AWS_LAMBDA_FUNCTION_NAME: fn.logicalId };
      outcomes.set(fn.spec.handler, await probeBundle(fn.assetDir, env, sampleEventOf(fn.spec)));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, work));
}

beforeAll(() => probeAll(functions), 600_000);

describe('Lambda assets in cdk.out', () => {
  it('stages one bundle per function of the route table', () => {
    expect(functions.length).toBeGreaterThanOrEqual(40);
    for (const fn of functions) expect(existsSync(join(fn.assetDir, BUNDLE_ENTRY))).toBe(true);
  });

  it('ships each function in at most 1 MB zipped, but the one that carries native modules', () => {
    const oversized = functions
      .filter((f) => f.spec.nativeModules.length === 0)
      .map((f) => ({ handler: f.spec.handler, kb: Math.round(zippedBytes(f.assetDir) / 1024) }))
      .filter((f) => f.kb > 1024);
    expect(oversized).toEqual([]);
  });

  it("carries zod's English messages only, not its other locales", () => {
    // `import { z }` kept zod's whole namespace, its 60-odd locales with it, in every bundle.
    const carrying = functions
      .map((f) => ({ handler: f.spec.handler, code: allCodeOf(f.assetDir) }))
      .filter(({ code }) => code.includes('Invalid input'))
      .map(({ handler, code }) => ({ handler, foreign: ['zu haben', 'Ugyldigt input'].filter((text) => code.includes(text)) }));
    expect(carrying.length).toBeGreaterThan(10);
    expect(carrying.filter(({ foreign }) => foreign.length > 0)).toEqual([]);
  });

  it('ships the task reads without queue, e-mail, user pool, KMS or multipart code; the job endpoints carry theirs, the seldom used ones loaded on use', () => {
    // Client class names survive minification (keepNames); the body parser and the multipart uploader are known by their messages.
    const markers: Record<string, string> = {
      SQS: '"SQSClient"',
      SES: '"SESv2Client"',
      Cognito: '"CognitoIdentityProviderClient"',
      KMS: '"KMSClient"',
      'multipart body': 'Multipart: Boundary not found',
      'multipart upload': 'Body Data is unsupported format',
    };
    const held = (handler: string, codeOf = allCodeOf) => {
      const fn = functions.find((f) => f.spec.handler === handler);
      const code = fn ? codeOf(fn.assetDir) : '';
      return Object.entries(markers).filter(([, marker]) => code.includes(marker)).map(([kind]) => kind);
    };
    for (const read of READ_HANDLERS) expect([read, held(read)]).toEqual([read, []]);
    expect(held('product/cut')).toEqual(expect.arrayContaining(['SQS', 'SES', 'Cognito', 'KMS', 'multipart body']));
    expect(held('product/complete-upload')).toEqual(expect.arrayContaining(['multipart upload']));
    // The e-mail, user pool and key clients a job endpoint seldom calls, and the form parser a JSON request never needs, are in chunks it imports on use.
    const atStart = held('product/cut', codeLoadedAtStart);
    expect(atStart).toEqual(expect.arrayContaining(['SQS']));
    expect(atStart.filter((kind) => ['SES', 'Cognito', 'KMS', 'multipart body'].includes(kind))).toEqual([]);
  });

  it.each(functions.map((f) => [f.spec.handler, f] as const))('%s loads and answers its sample event', (_handler, fn) => {
    const outcome = outcomes.get(fn.spec.handler);
    const explain = `${fn.spec.handler}: ${JSON.stringify({ ...outcome, output: outcome?.output.slice(-2000) })}`;
    expect([explain, outcome?.loaded]).toEqual([explain, true]);
    if (fn.spec.route) {
      const result = outcome?.result as { statusCode?: unknown; body?: unknown } | undefined;
      expect([explain, typeof result?.statusCode]).toEqual([explain, 'number']);
      expect([explain, typeof result?.body]).toEqual([explain, 'string']);
      // Without an identity or a signature, every route refuses (or serves its public answer) before it needs AWS.
      expect([explain, Number(result?.statusCode) < 500]).toEqual([explain, true]);
    } else if (fn.spec.handler.endsWith('/authorizer')) {
      // API Gateway's contract: throwing `Unauthorized` is the 401 answer.
      expect([explain, outcome?.thrown]).toEqual([explain, 'Unauthorized']);
    } else if (fn.spec.handler.startsWith('streams/')) {
      // The log rows are out of reach: the change that ended the job is named to come again, the one before it is not.
      expect([explain, outcome?.result]).toEqual([explain, { batchItemFailures: [{ itemIdentifier: '101' }] }]);
    } else if (fn.spec.handler.endsWith('/pre-token-generation')) {
      // Tokens are issued as they are, even when the notice's stores are out of reach.
      const result = outcome?.result as { triggerSource?: unknown; response?: unknown } | undefined;
      expect([explain, result?.triggerSource, result?.response]).toEqual([explain, 'TokenGeneration_Authentication', { claimsOverrideDetails: null }]);
    } else {
      const result = outcome?.result as { response?: { emailMessage?: unknown } } | undefined;
      expect([explain, typeof result?.response?.emailMessage]).toEqual([explain, 'string']);
    }
  });
});
