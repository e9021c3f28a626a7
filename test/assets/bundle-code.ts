import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { BUNDLE_ENTRY } from '@frameforge/functions/bundling/bundle-layout';

/** A static import of a chunk as esbuild writes it (`import{a as b}from"./chunks/x.mjs"`); `import("…")` is not one. */
const STATIC_IMPORT = /import\s*(?:\{[^}]*\}|\*\s*as\s*[\w$]+|[\w$]+)?\s*(?:from\s*)?"(\.{1,2}\/[^"]+\.mjs)"/g;

/** Every module file of a function's bundle: its entry and all its chunks (those in `chunks/on-use/` too), whether loaded at start or on use. */
export function allCodeOf(dir: string): string {
  const chunks = join(dir, 'chunks');
  const names = (() => {
    try {
      return readdirSync(chunks, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.mjs'));
    } catch {
      return [];
    }
  })();
  return [readFileSync(join(dir, BUNDLE_ENTRY), 'utf8'), ...names.map((name) => readFileSync(join(chunks, name), 'utf8'))].join('\n');
}

/** The files a cold start reads: the entry and the chunks it imports statically, transitively (relative to `dir`). */
export function filesLoadedAtStart(dir: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) visit(join(dirname(file), specifier ?? ''));
  };
  visit(join(dir, BUNDLE_ENTRY));
  return [...seen].map((file) => relative(dir, file)).sort();
}

/** The code a cold start reads and runs. */
export const codeLoadedAtStart = (dir: string): string => filesLoadedAtStart(dir).map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
