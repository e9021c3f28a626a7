import type { Metafile } from 'esbuild';

/**
 * What one bundle carries, read from esbuild's metafile: the packages and our
 * own modules it imports, with the bytes each brings into the output.
 */
export interface BundleClosure {
  readonly handler: string;
  /** The feature whose room holds the handler (`features/<feature>/handlers/…`). */
  readonly feature: string;
  readonly bytes: number;
  /** Package name → bytes in the output (after tree-shaking and minifying). */
  readonly packages: ReadonlyMap<string, number>;
  /** Our own modules (paths under functions/src), sorted. */
  readonly modules: readonly string[];
}

/** `node_modules/@scope/name/x.js` → `@scope/name`; `node_modules/a/node_modules/b/x.js` → `b`. */
export function packageOf(input: string): string | undefined {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const [first, second] = input.slice(at + 'node_modules/'.length).split('/');
  if (!first) return undefined;
  return first.startsWith('@') && second ? `${first}/${second}` : first;
}

/**
 * The closure of each function whose entry is `features/<feature>/handlers/<handler>.ts`: its
 * entry's output and the chunks in its folder (loaded at start or on use),
 * outputs keyed by their path under the bundles folder.
 */
export function bundleClosures(metafile: Metafile): BundleClosure[] {
  const outputs = Object.entries(metafile.outputs);
  return outputs.flatMap(([path, entry]) => {
    const [, feature, handler] = entry.entryPoint?.match(/features\/([^/]+)\/handlers\/(.+)\.ts$/) ?? [];
    if (!feature || !handler) return [];
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    const chunks = outputs.filter(([other]) => other.startsWith(`${folder}chunks/`) && !other.endsWith('.map')).map(([, output]) => output);
    const packages = new Map<string, number>();
    const modules = new Set<string>();
    for (const output of [entry, ...chunks]) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const name = packageOf(input);
        if (name) packages.set(name, (packages.get(name) ?? 0) + bytesInOutput);
        else if (bytesInOutput > 0 && input.includes('functions/src/')) modules.add(input.replace(/^.*functions\/src\//, ''));
      }
    }
    const bytes = [entry, ...chunks].reduce((sum, output) => sum + output.bytes, 0);
    return [{ handler, feature, bytes, packages, modules: [...modules].sort() }];
  });
}

/** The task endpoints that only read or mark the task record: a task, the list, its output, one of its files, its cancel. */
export const READ_HANDLERS: readonly string[] = ['product/get-task', 'product/list-tasks', 'product/download-task', 'product/get-file', 'product/cancel-task'];

/** What a bundle must not hold, by package: the read-only task endpoint sends, seals and signs nothing. */
export const FORBIDDEN_IN_READS: Readonly<Record<string, RegExp>> = {
  SQS: /^@aws-sdk\/client-sqs$/,
  SES: /^@aws-sdk\/client-sesv2$|^nodemailer$/,
  Cognito: /^@aws-sdk\/client-cognito-identity-provider$/,
  KMS: /^@aws-sdk\/client-kms$/,
  multipart: /^busboy$|^@aws-sdk\/lib-storage$|^@aws-sdk\/s3-presigned-post$/,
};

/** The forbidden kinds a closure holds, by name. */
export function forbiddenIn(closure: BundleClosure, forbidden = FORBIDDEN_IN_READS): string[] {
  return Object.entries(forbidden)
    .filter(([, pattern]) => [...closure.packages.keys()].some((name) => pattern.test(name)))
    .map(([kind]) => kind);
}
