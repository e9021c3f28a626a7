import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build, context as esbuildContext, type BuildOptions, type Metafile } from 'esbuild';
import { bundleDirOf, defaultBundlesDir, handlerSourceOf, lambdaFunctions, repoRoot } from './bundle-layout';
import { builtinsByRequire } from './builtins-by-require';
import { OnUsePackages } from './on-use-packages';

/** Native packages are never bundled: a function that needs one carries it installed (`nativeModules`). */
export const NATIVE_PACKAGES = ['sharp', 'mediainfo.js'] as const;

/**
 * Left out of every bundle and loaded lazily by the code that uses them:
 * nodemailer is the local inbox's transport (SMTP_URL); on AWS, SES sends.
 */
const LOCAL_ONLY_PACKAGES = ['nodemailer'] as const;

/**
 * The one esbuild configuration of every Lambda function. `npm test` builds
 * the bundles with it and serves them from the local gateway; the CDK ships
 * the very same folders. So what the tests ran is what deploys.
 */
export const lambdaBuildOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  // ES modules, split at every dynamic import(): what a function imports on
  // use (the SES, Cognito and KMS clients behind loadedOnUse, the SDK's
  // credential providers that Lambda's own credentials never need) sits in
  // chunks beside it that a cold start neither reads nor compiles.
  format: 'esm',
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  // Packages bundled from CommonJS still call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  target: 'node22',
  minify: true,
  // Function and class names survive minification, so a trace reads even without its map.
  keepNames: true,
  // Stack traces that name our sources, without shipping them: the map holds
  // positions only, which keeps each zip small.
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  // ES module builds first where a package ships both (the AWS SDK does): they
  // tree-shake, which made a bundle about a quarter smaller and its cold load
  // about a third shorter than the CommonJS builds did.
  mainFields: ['module', 'main'],
  // The AWS SDK is bundled, not taken from the runtime: the version that ran in
  // the tests is the one deployed.
  external: [...NATIVE_PACKAGES, ...LOCAL_ONLY_PACKAGES],
  plugins: [builtinsByRequire],
  logLevel: 'warning',
};

export interface BuiltBundles {
  readonly bundlesDir: string;
  /** Every function's build, its outputs keyed by their path under `bundlesDir`. */
  readonly metafile: Metafile;
}

// The entry of every build: the handler `current` names (see buildLambdaBundles).
const HANDLER_ENTRY = 'frameforge-handler-entry';

/**
 * Builds every function into `bundlesDir/<handler>/index.mjs`, with the
 * chunks it loads on use in `chunks/` beside it, and the modules the SDK
 * imports on use, built apart, in `chunks/on-use/` (see OnUsePackages): one
 * bundle per function, so each folder holds all it needs and nothing of the
 * others. The builds share
 * one incremental esbuild context whose entry re-exports the handler of the
 * moment, so the SDK and every module the functions share are parsed once,
 * not once per function: that took about 2.5 times the CPU. (One build with
 * every handler as an entry cost less still, but its chunks, shared between
 * functions, made each cold start load dozens of files and take 10-30 %
 * longer.)
 */
export async function buildLambdaBundles(bundlesDir = defaultBundlesDir, only?: readonly string[]): Promise<BuiltBundles> {
  const functions = lambdaFunctions().filter((f) => !only || only.includes(f.handler));
  rmSync(bundlesDir, { recursive: true, force: true });
  let current = '';
  // As deep below bundlesDir as each function's folder, so the maps' relative source paths are the same from there.
  const stage = join(resolve(bundlesDir), '.stage', 'handler');
  const onUse = new OnUsePackages(lambdaBuildOptions, join(resolve(bundlesDir), '.stage'));
  const context = await esbuildContext({
    ...lambdaBuildOptions,
    entryPoints: [{ in: HANDLER_ENTRY, out: 'index' }],
    outdir: stage,
    write: false,
    metafile: true,
    plugins: [
      onUse.plugin,
      ...(lambdaBuildOptions.plugins ?? []),
      {
        name: 'handler-entry',
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${HANDLER_ENTRY}$`) }, () => ({ path: HANDLER_ENTRY, namespace: HANDLER_ENTRY }));
          build.onLoad({ filter: /.*/, namespace: HANDLER_ENTRY }, () => ({ contents: `export * from ${JSON.stringify(current)};`, loader: 'js', resolveDir: repoRoot }));
        },
      },
    ],
  });
  const metafile: Metafile = { inputs: {}, outputs: {} };
  try {
    for (const fn of functions) {
      current = handlerSourceOf(fn.handler).file;
      const folder = bundleDirOf(resolve(bundlesDir), fn.handler);
      const built = await context.rebuild();
      for (const file of built.outputFiles ?? []) {
        const target = join(folder, relative(stage, file.path));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, file.contents);
      }
      Object.assign(metafile.inputs, built.metafile?.inputs);
      // Each output, and each chunk it imports, keyed by its place under bundlesDir rather than the stage's.
      const placed = (path: string) => relative(resolve(bundlesDir), join(folder, relative(stage, resolve(path))));
      for (const [path, output] of Object.entries(built.metafile?.outputs ?? {})) {
        const imports = output.imports.map((imported) => (imported.external ? imported : { ...imported, path: placed(imported.path) }));
        // The entry is named by the handler's source, as if it had been built alone; a chunk loaded on use keeps the module it starts from.
        const entryPoint = output.entryPoint?.includes(HANDLER_ENTRY) ? relative(process.cwd(), current) : output.entryPoint;
        metafile.outputs[placed(path)] = { ...output, imports, ...(entryPoint === undefined ? {} : { entryPoint }) };
      }
      const onUseOutputs = await onUse.placeFor(built.metafile ?? { inputs: {}, outputs: {} }, join(folder, 'chunks'));
      for (const [path, output] of Object.entries(onUseOutputs)) metafile.outputs[relative(resolve(bundlesDir), join(folder, 'chunks', path))] = output;
      for (const name of fn.nativeModules) installPackage(name, join(folder, 'node_modules'));
    }
  } finally {
    await context.dispose();
    onUse.dispose();
  }
  return { bundlesDir, metafile };
}

/** `@frameforge/functions/<sub>` as the worker imports it → the module under functions/src. */
const workerImportSource = (sub: string): string => join(repoRoot, 'functions/src', sub === 'jobs' ? 'features/jobs/worker-entry.ts' : `${sub}.ts`);

/**
 * The modules of this package the FFmpeg worker runs: the jobs entry and the
 * contracts it imports, with all they import. They are jobs code as much as
 * the job endpoints are, so the rooms count them with them. Paths under
 * functions/src.
 */
export async function workerModules(): Promise<string[]> {
  const workerSources = readdirSync(join(repoRoot, 'containers/worker/src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => readFileSync(join(repoRoot, 'containers/worker/src', file), 'utf8'));
  const imported = new Set(workerSources.flatMap((text) => [...text.matchAll(/from '@frameforge\/functions\/([^']+)'/g)].map((m) => m[1] ?? '')));
  const { metafile } = await build({
    entryPoints: [...imported].map(workerImportSource),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    outdir: join(repoRoot, 'functions/dist/worker-modules'),
    metafile: true,
    logLevel: 'silent',
  });
  // A module only types are taken from is in the inputs but brings no code.
  const withCode = new Set(Object.values(metafile.outputs).flatMap((output) => Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path)));
  return [...withCode]
    .filter((input) => input.includes('functions/src/'))
    .map((input) => input.replace(/^.*functions\/src\//, ''))
    .sort();
}

interface PackageJson {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * Copies an installed package and what it depends on (those optional ones
 * installed for this platform only) beside a bundle. Lambda runs x86_64
 * Linux with glibc, as the machine that builds does; a build elsewhere fails
 * loudly below because the Linux x64 binaries are not installed.
 */
function installPackage(name: string, targetModules: string, seen = new Set<string>()): void {
  if (seen.has(name)) return;
  seen.add(name);
  const source = packageDir(name);
  const target = join(targetModules, name);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(source, target, { recursive: true, dereference: true });
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as PackageJson;
  // A dependency the package nests in its own node_modules came along with it above.
  const nested = (dep: string) => existsSync(join(source, 'node_modules', dep, 'package.json'));
  for (const dep of Object.keys(manifest.dependencies ?? {})) if (!nested(dep)) installPackage(dep, targetModules, seen);
  for (const dep of Object.keys(manifest.optionalDependencies ?? {})) {
    if (existsSync(join(repoRoot, 'node_modules', dep))) installPackage(dep, targetModules, seen);
  }
  if (name === 'sharp' && !existsSync(join(targetModules, '@img/sharp-linux-x64'))) {
    throw new Error('sharp for Linux x64 is not installed: build the Lambda bundles on x86_64 Linux.');
  }
}

function packageDir(name: string): string {
  const dir = join(repoRoot, 'node_modules', name);
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`${name} is not installed; run npm install first.`);
  return dir;
}
