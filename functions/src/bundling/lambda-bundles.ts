import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { bundleDirOf, defaultBundlesDir, handlersDir, lambdaFunctions, repoRoot } from './bundle-layout';

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
  format: 'cjs',
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
  logLevel: 'warning',
};

export interface BuiltBundles {
  readonly bundlesDir: string;
  readonly metafile: Metafile;
}

/** Builds every function in one esbuild run (shared work is parsed once) into `bundlesDir/<handler>/index.js`. */
export async function buildLambdaBundles(bundlesDir = defaultBundlesDir, only?: readonly string[]): Promise<BuiltBundles> {
  const functions = lambdaFunctions().filter((f) => !only || only.includes(f.handler));
  rmSync(bundlesDir, { recursive: true, force: true });
  const result = await build({
    ...lambdaBuildOptions,
    entryPoints: functions.map((f) => ({ in: join(handlersDir, `${f.handler}.ts`), out: `${f.handler}/index` })),
    outdir: bundlesDir,
    metafile: true,
  });
  for (const fn of functions) {
    for (const name of fn.nativeModules) installPackage(name, join(bundleDirOf(bundlesDir, fn.handler), 'node_modules'));
  }
  return { bundlesDir, metafile: result.metafile };
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
