import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import type { Endpoints } from '@frameforge/local-stack/stack';
import { holdsFor } from '../support/eventually';
import { repoRoot } from '../support/stack-process';
import { launchOwnBrowser, SHARED_BROWSER_ENV } from './chromium';

export const screenshotDir = join(repoRoot, 'test/artifacts/e2e');

/**
 * The shard's shared Chromium (see `chromium.ts`), or one of its own for a suite
 * run without the stack project's set-up. Closing it closes this suite's contexts.
 */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotDir, { recursive: true });
  const shared = process.env[SHARED_BROWSER_ENV];
  return shared ? chromium.connect(shared) : launchOwnBrowser();
}

/**
 * How long a page is watched to prove it does not show something: longer than a render
 * after the local stack's answer takes, so what would have come late is caught too.
 */
export const ABSENCE_WINDOW_MS = 1500;

/** Proves an absence on a page: the locator matches nothing all through the window (see holdsFor), not only at one instant. */
export function staysAbsent(locator: Locator, what: string, forMs = ABSENCE_WINDOW_MS): Promise<void> {
  return holdsFor(async () => (await locator.count()) === 0, { forMs, what: `no ${what} shown` });
}

let step = 0;
/**
 * What the viewport shows at a step. A full-page shot of a long page (the API
 * docs) cost about two seconds and half a second of CPU each, for pictures
 * nobody reads unless a test failed.
 */
export async function snap(page: Page, name: string): Promise<void> {
  step += 1;
  await page.screenshot({ path: join(screenshotDir, `${String(step).padStart(2, '0')}-${name}.png`) });
}

/** What a suite that reads its own e-mails drives: the browser, its first page and the local inbox. */
export interface InboxSuite {
  browser: Browser;
  page: Page;
  inbox: LocalPortalClient;
}

/** Opens the browser, a desktop-sized page and the inbox before the suite's tests, hands them over, and closes the browser after them. */
export function openInboxSuite(endpoints: Endpoints, opened: (suite: InboxSuite) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    opened({ browser, page: await browser.newPage({ viewport: { width: 1280, height: 800 } }), inbox: await LocalPortalClient.connect(endpoints) });
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/**
 * One page for the tests of a file, made the same before each: its context's cookies and the
 * portal's localStorage (sign-in, language) emptied, the viewport the one given, no page
 * loaded. So nobody is signed in and no language is chosen when a test starts, whatever the
 * test before did, and the portal's scripts still come from the browser's cache.
 */
export function pagePerTest(browser: () => Browser, portal: string, options: BrowserContextOptions & { viewport: { width: number; height: number } }, opened: (page: Page, context: BrowserContext) => void): void {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeEach(async () => {
    context ??= await browser().newContext(options);
    await context.clearCookies();
    // A test may have closed the page, or left it on a dialog.
    if (!page || page.isClosed()) page = await context.newPage();
    // A page of the portal's origin that is not the app, so nothing of the app runs while its storage is emptied.
    await page.goto(`${portal}/config.json`);
    await page.evaluate(() => window.localStorage.clear());
    await page.setViewportSize(options.viewport);
    opened(page, context);
  });
  afterAll(async () => {
    await context?.close();
  });
}
