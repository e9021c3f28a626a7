import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, isErrorCode } from './error-codes';

const roots = [join(__dirname, '../..'), join(__dirname, '../../../../containers/worker/src')];
/** Code that never answers a product API caller: Stripe's own codes in its sandbox and adapter, the API's document. */
const SKIPPED_DIRS = new Set(['billing-sandbox', 'stripe', 'openapi', 'node_modules']);
/** zod's issue kind in refinements, not an error code of ours. */
const NOT_CODES = new Set(['custom']);

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) sources(path, out);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.includes('test-support')) {
      out.push(path);
    }
  }
  return out;
}

/** `code: 'x'`, `code = 'x'`, a typed union of codes, and the URL fetcher's refusals. */
const PATTERNS = [/\bcode(?::|\s*=)\s*'([a-z_]+)'/g, /UrlRefusedError\('([a-z_]+)'/g, /readonly code: ('[a-z_]+'(?:\s*\|\s*'[a-z_]+')*)/g];

describe('error codes', () => {
  it('lists every code the API answers with or ends a job with', () => {
    const found = new Map<string, string>();
    for (const file of roots.flatMap((root) => sources(root))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of PATTERNS) {
        for (const match of text.matchAll(pattern)) {
          for (const code of (match[1] ?? '').match(/[a-z_]+/g) ?? []) if (!NOT_CODES.has(code)) found.set(code, file);
        }
      }
    }
    expect(found.size).toBeGreaterThan(40);
    const missing = [...found].filter(([code]) => !isErrorCode(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('holds each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
