/**
 * Lambda's event filtering for an event source mapping, for the patterns
 * the stack's mappings use: an object in a pattern goes down a level, a
 * list holds what the value there may be: exact strings, numbers, booleans
 * or null, or an `anything-but`, `prefix` or `exists` rule. Rules apply to
 * leaves, so a key that is missing or holds an object matches only
 * `exists: false`; in a list of values, one matching is enough. An event
 * passes when one of the mapping's patterns matches it. A pattern with a
 * rule this does not know is refused when the source starts, rather than
 * let through or held back what AWS would not.
 */

export type FilterPattern = { readonly [key: string]: FilterPattern | readonly FilterValue[] };
type Literal = string | number | boolean | null;
type FilterValue = Literal | { readonly 'anything-but': Literal | readonly Literal[] } | { readonly prefix: string } | { readonly exists: boolean };

const RULES = ['anything-but', 'prefix', 'exists'];

const isLiteral = (value: unknown): value is Literal => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Throws on a rule or shape outside what `matchesFilters` applies. */
export function checkFilterPattern(pattern: FilterPattern, path = ''): void {
  for (const [key, value] of Object.entries(pattern)) {
    const at = `${path}${key}`;
    if (!Array.isArray(value)) {
      if (typeof value !== 'object' || value === null) throw new Error(`filter pattern ${at}: a value must be a list or an object`);
      checkFilterPattern(value as FilterPattern, `${at}.`);
      continue;
    }
    for (const item of value as unknown[]) {
      if (isLiteral(item)) continue;
      const names = typeof item === 'object' && item !== null ? Object.keys(item) : [];
      if (names.length !== 1 || !RULES.includes(names[0] ?? '')) throw new Error(`filter pattern ${at}: ${JSON.stringify(item)} is not a rule the local event source applies`);
    }
  }
}

/** The values a rule is tested against: the one at the key, or each of a list's; an object holds none, as rules apply to leaves only. */
const leavesOf = (value: unknown): Literal[] => (Array.isArray(value) ? value.filter(isLiteral) : isLiteral(value) ? [value] : []);

function ruleMatches(rule: FilterValue, leaves: readonly Literal[]): boolean {
  if (isLiteral(rule)) return leaves.includes(rule);
  if ('exists' in rule) return rule.exists === leaves.length > 0;
  if ('prefix' in rule) return leaves.some((leaf) => typeof leaf === 'string' && leaf.startsWith(rule.prefix));
  const excluded = rule['anything-but'];
  const list: readonly Literal[] = Array.isArray(excluded) ? excluded : [excluded as Literal];
  return leaves.some((leaf) => !list.includes(leaf));
}

function matches(pattern: FilterPattern, event: unknown): boolean {
  const fields = typeof event === 'object' && event !== null && !Array.isArray(event) ? (event as Record<string, unknown>) : {};
  return Object.entries(pattern).every(([key, expected]) => {
    const value = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!Array.isArray(expected)) return matches(expected as FilterPattern, value);
    const leaves = leavesOf(value);
    return (expected as readonly FilterValue[]).some((rule) => ruleMatches(rule, leaves));
  });
}

/** Whether the event passes: no patterns lets everything through, as a mapping without filters does. */
export function matchesFilters(patterns: readonly FilterPattern[], event: unknown): boolean {
  return patterns.length === 0 || patterns.some((pattern) => matches(pattern, event));
}
