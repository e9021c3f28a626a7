import * as crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInContext, createContext } from 'node:vm';

/**
 * The README's callback verification snippet, run as a reader would paste
 * it: read from README.md at each call, so the documented code and what the
 * tests prove can never drift apart. The snippet computes; its closing
 * comment (`// accept when …`) says which expression decides.
 */
export function readmeSnippet(): { code: string; acceptWhen: string } {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  // The first JavaScript block after the signature is introduced.
  const after = readme.slice(readme.indexOf('FrameForge-Signature: t=<unix>,v1=<hex>'));
  const code = /```js\n([\s\S]*?)```/.exec(after)?.[1];
  if (!code) throw new Error('README.md has no JavaScript block after the FrameForge-Signature paragraph');
  const acceptWhen = /^\/\/ accept when (.+)$/m.exec(code)?.[1];
  if (!acceptWhen) throw new Error('The README snippet no longer ends with "// accept when <expression>"');
  return { code, acceptWhen };
}

/** Whether the README's snippet accepts this delivery: `header` and `rawBody` as received, `secret` from the portal. */
export function readmeAccepts(header: string, secret: string, rawBody: Buffer | string): boolean {
  const { code, acceptWhen } = readmeSnippet();
  // Only what the snippet names is given: Node's crypto and Buffer, and the three values a receiver has.
  const context = createContext({ crypto, Buffer, header, secret, rawBody });
  return runInContext(`${code}\n;(${acceptWhen});`, context) === true;
}
