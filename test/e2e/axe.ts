/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** The rule sets a page must pass: WCAG 2.0 A and AA, WCAG 2.1 AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] as const;

/** Only these fail a test: what blocks or seriously hinders someone with a screen reader, a keyboard or low vision. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  rule: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  /** One entry per failing element: its CSS selector path and axe's summary of what to fix. */
  nodes: { target: string; html: string; summary: string }[];
}

declare global {
  interface Window {
    axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}

/**
 * Runs axe-core in the page as it is now (open dialogs included) and returns its serious and
 * critical violations, and those of `alsoRules` whatever their impact (axe rates `region`,
 * content outside any landmark, as moderate). The page's CSP forbids inline scripts: the
 * context needs `bypassCSP: true`.
 */
export async function seriousViolations(page: Page, { alsoRules = [] }: { alsoRules?: readonly string[] } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async (tags) => {
    if (!window.axe) throw new Error('axe-core was not injected (is bypassCSP set on the context?)');
    const answer = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return answer.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), html: node.html, summary: node.failureSummary ?? '' })),
    }));
  }, [...AXE_TAGS]);
  return results.filter((violation) => BLOCKING.includes(violation.impact) || alsoRules.includes(violation.rule));
}

/** Readable lines for a failing test: rule, impact and help, then each element's selector and what to fix. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map((violation) =>
      [
        `${where}: ${violation.rule} (${violation.impact}): ${violation.help} <${violation.helpUrl}>`,
        ...violation.nodes.map((node) => `  ${node.target}\n    ${node.html.slice(0, 300)}\n    ${node.summary.replace(/\n/g, '\n    ')}`),
      ].join('\n'),
    )
    .join('\n');
}
