import { InputRejectedError } from '../operation';

/** xfade's per-pixel variables, plus the evaluator's constants. */
const VARIABLES = new Set(['X', 'Y', 'W', 'H', 'P', 'PLANE', 'A', 'B', 'PI', 'E', 'PHI']);

/**
 * Functions of FFmpeg's expression evaluator that always finish quickly and
 * touch nothing outside the expression: `while`, `root` and `taylor` (which
 * loop) are left out. `st`/`ld` only reach the expression's own 10 slots;
 * a0..b3 read pixels of the two frames.
 */
const FUNCTIONS = new Set([
  'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh',
  'abs', 'min', 'max', 'if', 'ifnot', 'not', 'lt', 'lte', 'gt', 'gte', 'eq', 'between', 'clip',
  'floor', 'ceil', 'round', 'trunc', 'sqrt', 'pow', 'exp', 'log', 'mod', 'hypot', 'squish', 'gauss',
  'lerp', 'st', 'ld', 'random',
  'a0', 'a1', 'a2', 'a3', 'b0', 'b1', 'b2', 'b3',
]);

const TOKEN = /\s+|(\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[A-Za-z_][A-Za-z0-9_]*|[-+*/^(),]/y;

const rejected = (message: string) =>
  new InputRejectedError({
    code: 'invalid_transition_expr',
    message: `Error: transition_expr ${message}`,
    param: 'transition_expr',
    hint: 'Use xfade variables (X, Y, W, H, P, PLANE, A, B), numbers, + - * / ^ ( ) , and functions such as if, lt, gt, clip, sin, a0(x,y) or b0(x,y).',
  });

/**
 * Checks a user's xfade expression against a whitelist and returns it
 * without whitespace; anything else is refused before it can reach the
 * filtergraph (no `;`, brackets, quotes, colons, unknown names).
 */
export function validateTransitionExpr(expr: string): string {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expr.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(expr);
    if (!match || match.index !== at) {
      const bad = expr.charAt(at);
      throw rejected(`contains "${/[\w\s]/.test(bad) ? bad : printable(bad)}" at position ${at + 1}, which is not allowed.`);
    }
    if (!/^\s+$/.test(match[0])) tokens.push(match[0]);
  }
  if (tokens.length === 0) throw rejected('is empty.');
  let depth = 0;
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (/^[A-Za-z_]/.test(token)) {
      const called = next === '(';
      if (called && !FUNCTIONS.has(token)) throw rejected(`uses the unknown function ${token}.`);
      if (!called && !VARIABLES.has(token)) throw rejected(`uses the unknown name ${token}${FUNCTIONS.has(token) ? ' without its arguments' : ''}.`);
    }
    if (token === '(') depth += 1;
    if (token === ')') depth -= 1;
    if (depth < 0) throw rejected('closes a parenthesis it never opened.');
  });
  if (depth !== 0) throw rejected('leaves a parenthesis open.');
  return tokens.join('');
}

/** A character shown back to the caller without echoing anything unprintable. */
function printable(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x21 && code <= 0x7e ? char : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Escapes a value for a filter option inside a -filter_complex graph: first
 * the option level (`\ ' :`), then the graph level (`\ ' [ ] , ;`), as
 * FFmpeg's filtergraph parser undoes them in that reverse order.
 */
export function escapeFilterValue(value: string): string {
  const option = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}
