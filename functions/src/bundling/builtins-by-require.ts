import { builtinModules } from 'node:module';
import type { Plugin } from 'esbuild';

/** The namespace of the small modules that stand for Node's own modules in a bundle. */
const BUILTIN_NAMESPACE = 'node-builtin';

const builtins = new Set(builtinModules.map((name) => name.replace(/^node:/, '')));

/**
 * Takes Node's own modules with `require()` where the bundled code imports
 * them. An ES import of a built-in makes Node build its module facade, which
 * reads every export once, getters included: for `node:http` that loads the
 * whole of undici (its WebSocket export), for `node:process` every lazy
 * property of the process. Side by side in a fresh process, `import` of
 * `node:http` took 50-57 ms and `require` 8 ms; the AWS SDK imports it in
 * every function that calls AWS. `require` hands over the module object as
 * it is, and the bundle reads only the properties it uses, when it uses them.
 */
export const builtinsByRequire: Plugin = {
  name: 'builtins-by-require',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!builtins.has(name) || args.kind !== 'import-statement') return undefined;
      return { path: name, namespace: BUILTIN_NAMESPACE };
    });
    // A CommonJS module of one line: esbuild leaves its require() to Node (see the banner) and reads its exports by name.
    build.onLoad({ filter: /.*/, namespace: BUILTIN_NAMESPACE }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`node:${args.path}`)});`,
      loader: 'js',
    }));
  },
};
