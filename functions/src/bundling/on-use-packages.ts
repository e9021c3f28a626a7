import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

/** Where a bundle's packages loaded on use sit, under its `chunks/`: the wrapper chunks that import them are there too. */
export const ON_USE_DIR = 'on-use';

const NAMESPACE = 'on-use-package';
const EXTERNAL = new RegExp(`^\\./${ON_USE_DIR}/`);

/**
 * The modules a package imports on use (`import()` inside node_modules:
 * the AWS SDK's SSO, INI, process, web-identity, container and instance
 * credential providers, its event-stream codec), built apart from the
 * function. Split with it, what they share with the code a cold start runs
 * lands in the chunks that start loads: the STS client's query protocol and
 * XML codec came along with the protocols module every client imports, about
 * 37 KB more at start for each function with a table, and 9 ms more to load
 * the DynamoDB client alone. Apart, each is a small chunk of the function's
 * own that re-exports `chunks/on-use/<name>.mjs`, a build of that module
 * with all it needs, which nothing reads until the import runs. On Lambda it
 * never does: the function's credentials are in its environment.
 */
export class OnUsePackages {
  /** Module name (as written in `chunks/on-use/`) → the file it was resolved to. */
  private readonly modules = new Map<string, string>();
  /** One build per set of modules, shared by every function that imports that set. */
  private readonly builds = new Map<string, Promise<{ dir: string; metafile: Metafile }>>();

  constructor(
    private readonly options: BuildOptions,
    private readonly stageDir: string,
  ) {}

  readonly plugin: Plugin = {
    name: 'on-use-packages',
    setup: (build) => {
      build.onResolve({ filter: EXTERNAL }, (args) => ({ path: args.path, external: true }));
      build.onResolve({ filter: /^[^.]/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || !args.importer.includes('/node_modules/') || args.pluginData === NAMESPACE) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: NAMESPACE });
        // Node's own modules, and what esbuild leaves out anyway, stay as they are.
        if (resolved.errors.length > 0 || resolved.external || !resolved.path.includes('/node_modules/')) return undefined;
        const name = `${args.path.replace(/^@/, '').replace(/[^\w.-]+/g, '-')}-${createHash('sha256').update(resolved.path).digest('hex').slice(0, 8)}`;
        this.modules.set(name, resolved.path);
        return { path: name, namespace: NAMESPACE };
      });
      // The names and the default, if any, as the module's own import would give them (the SDK reads bowser's default).
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const file = JSON.stringify(`./${ON_USE_DIR}/${args.path}.mjs`);
        return { contents: `import * as onUse from ${file};\nexport * from ${file};\nexport default onUse.default;`, loader: 'js' };
      });
    },
  };

  /**
   * Puts the builds of the modules `built`'s outputs import on use in
   * `chunksDir/on-use/`, built once per set; their metafile entries, keyed by
   * their place relative to `chunksDir`.
   */
  async placeFor(built: Metafile, chunksDir: string): Promise<Metafile['outputs']> {
    const imported = Object.values(built.outputs).flatMap((output) => output.imports.filter((i) => i.external && EXTERNAL.test(i.path)));
    const names = [...new Set(imported.map((i) => i.path.slice(`./${ON_USE_DIR}/`.length, -'.mjs'.length)))].sort();
    if (names.length === 0) return {};
    const key = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12);
    let set = this.builds.get(key);
    if (!set) {
      set = this.buildSet(join(this.stageDir, key), names);
      this.builds.set(key, set);
    }
    const { dir, metafile } = await set;
    const target = join(chunksDir, ON_USE_DIR);
    mkdirSync(target, { recursive: true });
    cpSync(dir, target, { recursive: true });
    return Object.fromEntries(Object.entries(metafile.outputs).map(([path, output]) => [join(ON_USE_DIR, relative(dir, resolve(path))), output]));
  }

  /** Removes the builds made for placing: each function folder holds its own copy. */
  dispose(): void {
    rmSync(this.stageDir, { recursive: true, force: true });
  }

  private async buildSet(dir: string, names: readonly string[]): Promise<{ dir: string; metafile: Metafile }> {
    const entryPoints = names.map((name) => {
      const file = this.modules.get(name);
      if (!file || !existsSync(file)) throw new Error(`the module imported on use as ${name} was not resolved`);
      return { in: file, out: name };
    });
    const { metafile } = await build({ ...this.options, entryPoints, outdir: dir, chunkNames: '[name]-[hash]', metafile: true });
    return { dir, metafile };
  }
}
