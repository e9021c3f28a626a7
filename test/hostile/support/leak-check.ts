import { homedir, tmpdir } from 'node:os';
import { resolve } from 'node:path';

/**
 * What no answer may show a client: stack traces, our file system, source
 * locations, runtime error names and texts. The machine's own folders (the
 * checkout, the temporary folder where the bundles are built, the home
 * folder) are read at run time, so they are looked for wherever they are.
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const machineFolders = [resolve(__dirname, '../../..'), tmpdir(), homedir()].filter((folder) => folder.length > 1);

const BODY_PATTERNS: readonly [string, RegExp][] = [
  ['a stack frame', /\n\s+at\s+\S|\bat\s+[\w.<>$]+\s+\([^)]*:\d+:\d+\)/],
  ['a source location', /[\w/.-]+\.(?:ts|tsx|js|mjs|cjs)(?::\d+)+/],
  ['a source file name', /\b[\w-]+\.(?:ts|tsx|mjs|cjs)\b|\b[\w-]+\.js\b(?!on)/],
  ['node_modules', /node_modules/],
  ['a Lambda runtime folder', /\/var\/(?:task|runtime)\b|\/opt\/nodejs\b/],
  ['a file URL of ours', /file:\/\/\/(?!etc\/passwd)/],
  ['a runtime error name', /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|EvalError|URIError|AggregateError|InternalError)\b/],
  [
    'a runtime error text',
    /Cannot read propert|Cannot set propert|Unexpected token|Unexpected end of JSON|is not a function|is not defined|is not iterable|is not a constructor|Maximum call stack|JSON at position|Cannot convert|\[object Object\]|ERR_[A-Z_]{4,}/,
  ],
  ...machineFolders.map((folder): [string, RegExp] => ['a folder of the machine', new RegExp(escape(folder))]),
];

/** JavaScript's nothings read as words in a message are values that leaked into text. */
const MESSAGE_PATTERN = /\b(?:undefined|null|NaN)\b/;

/** The problems of one answer body; `messages` are the texts it gives as error messages and hints. */
export function leaksIn(body: string, messages: readonly string[]): string[] {
  const found = BODY_PATTERNS.filter(([, pattern]) => pattern.test(body)).map(([what, pattern]) => `${what}: ${excerpt(body, pattern)}`);
  for (const message of messages) if (MESSAGE_PATTERN.test(message)) found.push(`a runtime value in a message: ${JSON.stringify(message.slice(0, 160))}`);
  return found;
}

function excerpt(body: string, pattern: RegExp): string {
  const at = body.search(pattern);
  return JSON.stringify(body.slice(Math.max(0, at - 40), at + 80));
}

/** The error texts of an answer, in either API's error shape. */
export function errorMessages(parsed: unknown): string[] {
  if (!parsed || typeof parsed !== 'object') return [];
  const error = (parsed as { error?: unknown; message?: unknown }).error;
  if (typeof error === 'string') return [error];
  if (error && typeof error === 'object') {
    const { message, hint } = error as { message?: unknown; hint?: unknown };
    return [message, hint].filter((text): text is string => typeof text === 'string');
  }
  const message = (parsed as { message?: unknown }).message;
  return typeof message === 'string' ? [message] : [];
}
