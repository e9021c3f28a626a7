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
  /** Of those bytes, what a cold start loads: the entry and the chunks it imports statically. */
  readonly atStartBytes: number;
  /** Package name → bytes in the output (after tree-shaking and minifying), at start and on use. */
  readonly packages: ReadonlyMap<string, number>;
  /** The same, split: in what a cold start loads, and in the chunks loaded on use only (a dynamic import away). */
  readonly atStartPackages: ReadonlyMap<string, number>;
  readonly onUsePackages: ReadonlyMap<string, number>;
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

type Output = Metafile['outputs'][string];

/** The outputs `entry` imports statically, itself included, by path: what loads before its handler runs. */
function loadedAtStart(outputs: Readonly<Record<string, Output>>, entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path);
  }
  return seen;
}

/** Adds each package's bytes in `output` to `into`, and our modules that made it into the output to `modules`. */
function addInputs(output: Output, into: Map<string, number>, modules: Set<string>): void {
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = packageOf(input);
    if (name) into.set(name, (into.get(name) ?? 0) + bytesInOutput);
    else if (bytesInOutput > 0 && input.includes('functions/src/')) modules.add(input.replace(/^.*functions\/src\//, ''));
  }
}

/**
 * The closure of each function whose entry is `features/<feature>/handlers/<handler>.ts`:
 * its `index.mjs` and the chunks in its folder, split between what a cold
 * start loads (the entry's static imports) and what is loaded on use.
 */
export function bundleClosures(metafile: Metafile): BundleClosure[] {
  const { outputs } = metafile;
  return Object.entries(outputs).flatMap(([path, entry]) => {
    const [, feature, handler] = entry.entryPoint?.match(/features\/([^/]+)\/handlers\/(.+)\.ts$/) ?? [];
    if (!feature || !handler || !path.endsWith('/index.mjs')) return [];
    const folder = path.slice(0, path.lastIndexOf('/') + 1);
    const own = Object.keys(outputs).filter((other) => other === path || (other.startsWith(`${folder}chunks/`) && !other.endsWith('.map')));
    const atStart = loadedAtStart(outputs, path);
    const atStartPackages = new Map<string, number>();
    const onUsePackages = new Map<string, number>();
    const modules = new Set<string>();
    let bytes = 0;
    let atStartBytes = 0;
    for (const name of own) {
      const output = outputs[name];
      if (!output) continue;
      bytes += output.bytes;
      if (atStart.has(name)) atStartBytes += output.bytes;
      addInputs(output, atStart.has(name) ? atStartPackages : onUsePackages, modules);
    }
    const packages = new Map(atStartPackages);
    for (const [name, size] of onUsePackages) packages.set(name, (packages.get(name) ?? 0) + size);
    return [{ handler, feature, bytes, atStartBytes, packages, atStartPackages, onUsePackages, modules: [...modules].sort() }];
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
