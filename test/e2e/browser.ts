import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { repoRoot } from '../support/stack-process';

export const screenshotDir = join(repoRoot, 'test/artifacts/e2e');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let step = 0;
export async function snap(page: Page, name: string): Promise<void> {
  step += 1;
  await page.screenshot({ path: join(screenshotDir, `${String(step).padStart(2, '0')}-${name}.png`), fullPage: true });
}
