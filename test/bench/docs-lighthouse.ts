import { chromium } from 'playwright-core';
import en_auth from '@frameforge/frontend/locales/en/auth.json';
import en_apiDocs from '@frameforge/frontend/locales/en/api-docs.json';
import en_dashboard from '@frameforge/frontend/locales/en/dashboard.json';
import { CHROME_FLAGS, pageRunOf, type PageRun } from './portal-bench';

export interface SignedInUser {
  email: string;
  password: string;
}

/**
 * The API docs page, which only a signed-in user sees, measured by
 * Lighthouse (mobile, simulated throttling) as the local stack serves it:
 * the user signs in once in the same Chromium, and Lighthouse keeps the
 * session (`disableStorageReset`), so each run loads the page, its lazy
 * chunk and the OpenAPI document as a returning user would.
 */
export async function benchDocsPage(portal: string, user: SignedInUser, runs: number): Promise<PageRun[]> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${portal}/login`);
    await page.getByLabel(en_auth.email).fill(user.email);
    await page.getByLabel(en_auth.password, { exact: true }).fill(user.password);
    await page.getByRole('button', { name: en_auth.signIn.submit }).click();
    await page.getByRole('heading', { name: en_dashboard.title }).waitFor();
    await page.close();
    const measured: PageRun[] = [];
    for (let round = 0; round < runs; round++) {
      const result = await lighthouse(`${portal}/api-docs`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
      // Signed out, the page would send the browser to the landing page: that is not the page measured.
      const landed = result?.lhr.finalDisplayedUrl ?? '';
      if (!landed.endsWith('/api-docs')) throw new Error(`Lighthouse measured ${landed}, not the API docs page: the session was lost`);
      measured.push(pageRunOf(result?.lhr, '/api-docs'));
    }
    // The docs really loaded for the signed-in user: their title is on the page.
    const check = await context.newPage();
    await check.goto(`${portal}/api-docs`);
    await check.getByRole('heading', { name: en_apiDocs.title, level: 1 }).waitFor();
    await browser.close();
    return measured;
  } finally {
    chrome.kill();
  }
}
