import { build } from 'esbuild';
import { lambdaBuildOptions } from './lambda-bundles';

/** Bundles one module given as text with the Lambda options and returns the code. */
async function bundle(source: string): Promise<string> {
  const result = await build({
    ...lambdaBuildOptions,
    splitting: false,
    minify: false,
    sourcemap: false,
    stdin: { contents: source, loader: 'ts', resolveDir: __dirname },
    write: false,
  });
  return result.outputFiles.map((file) => file.text).join('\n');
}

describe('built-in modules in a Lambda bundle', () => {
  it('takes them with require, never through an ES import and its facade', async () => {
    const code = await bundle("import { request } from 'node:http';\nimport * as fs from 'fs';\nexport const handler = () => [typeof request, typeof fs.readFileSync];\n");
    expect(code).toContain('require("node:http")');
    expect(code).toContain('require("node:fs")');
    expect(code).not.toMatch(/^import .* from ["'](node:)?(http|fs)["']/m);
  });

  it('leaves a dynamic import of a built-in to Node', async () => {
    const code = await bundle("export const handler = async () => (await import('node:zlib')).gzipSync;\n");
    expect(code).toContain('import("node:zlib")');
  });
});
