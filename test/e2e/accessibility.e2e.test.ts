/// <reference lib="dom" />
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import arDocs from '@frameforge/frontend/locales/ar/api-docs.json';
import enDocs from '@frameforge/frontend/locales/en/api-docs.json';
import type { TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { makeTestVideo } from '../support/media';
import { cutForm, waitForTask } from '../support/product-user';
import { describeViolations, seriousViolations } from './axe';
import { launchBrowser, snap } from './browser';
import { textsOf, type Language } from './portal-texts';
import { configuredProductApiUrl, signIn, subscribedUser } from './signed-in';
import { checkerboardPng, type Checkerboard } from './test-png';

/**
 * Every page of the portal (and the dialogs and menus that open over them) through axe-core, in
 * English and in Arabic: no serious or critical violation of WCAG 2.1 AA or axe's best practices.
 */

const endpoints = testEndpoints();
const LANGUAGES: Language[] = ['en', 'ar'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A page is ready when its level-1 heading is there, nothing is loading any more (no spinner, no placeholder) and no fade or slide is half-way (axe would measure its contrast mid-way). */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => document.querySelector('.animate-spin, .animate-pulse') === null);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** axe on the page as it is; on failure the message lists each violation with its selectors. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  // Content outside landmarks is only 'moderate' to axe, but a screen reader's landmark jumps miss it.
  const violations = await seriousViolations(page, { alsoRules: ['region'] });
  const report = describeViolations(where, violations);
  if (report) console.log(report);
  expect(report).toBe('');
}

async function newContext(language: Language): Promise<BrowserContext> {
  // bypassCSP: axe is injected as an inline script, which the portal's CSP rightly forbids.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await context.addInitScript((lng) => window.localStorage.setItem('language', lng), language);
  return context;
}

describe.each(LANGUAGES)('accessibility of the public pages (%s)', (language) => {
  const t = textsOf(language);
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(language);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  // A phone test that failed half-way must not leave the next test on a phone.
  beforeEach(async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  const visit = async (path: string) => {
    await page.goto(`${endpoints.portal}${path}`);
    await settled(page);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(language);
  };

  it.each([
    ['landing', '/'],
    ['sign-in', '/login'],
    ['sign-up', '/login?mode=signUp'],
    ['forgot password', '/login?mode=reset'],
    ['sign-in after the e-mail was verified', '/login?verified=1'],
    ['a verification link that failed', '/login?verify_error=expired&email=someone%40example.com'],
    ['reset password without a link', '/reset-password'],
    ['an unknown address', '/no-such-page'],
  ])('%s', async (name, path) => {
    await visit(path);
    await snap(page, `a11y-${language}-${name.replace(/\W+/g, '-')}`);
    await expectAccessible(page, `${language} ${path}`);
  });

  it('sign-in with its validation error shown', async () => {
    await visit('/login');
    await page.getByRole('button', { name: t.auth.signIn.submit }).click();
    await page.getByRole('alert').first().waitFor();
    await expectAccessible(page, `${language} /login (error)`);
  });

  it('the landing page on a phone', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await visit('/');
    await expectAccessible(page, `${language} / (360 px)`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('moves nothing for who asked their system for less motion', async () => {
    // The longest transition or animation of any element on the page, in seconds (computed styles give seconds).
    const longestMotion = () =>
      page.evaluate(() => {
        const longest = (durations: string) => Math.max(...durations.split(',').map((part) => Number.parseFloat(part) || 0));
        return Math.max(...Array.from(document.querySelectorAll('*'), (element) => {
          const style = getComputedStyle(element);
          return Math.max(longest(style.transitionDuration), longest(style.animationDuration));
        }));
      });
    await visit('/');
    // As most visitors have it: the buttons' and links' colours take their time to change.
    expect(await longestMotion()).toBeGreaterThan(0.05);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await visit('/');
      expect(await longestMotion()).toBeLessThanOrEqual(0.001);
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  });
});

describe.each(LANGUAGES)('accessibility of the signed-in pages with a subscription (%s)', (language) => {
  const t = textsOf(language);
  let user: TestUser;
  let context: BrowserContext;
  let page: Page;
  let productApiUrl = '';
  let taskId = '';

  beforeAll(async () => {
    user = await subscribedUser(`e2e-a11y-${language}`, 'elite');
    productApiUrl = await configuredProductApiUrl();
    // Two calls with a key of the user's, so the logs have a success and a failure to show.
    const { key } = await user.client.createApiKey(user.token, 'a11y key');
    await fetch(`${productApiUrl}/account`, { headers: { 'X-API-Key': key } });
    await fetch(`${productApiUrl}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: new FormData() });
    // A task that completed, for the Tasks page and its own page.
    const clip = join(mkdtempSync(join(tmpdir(), 'a11y-')), 'clip.mp4');
    await makeTestVideo(clip, 1);
    const cut = await fetch(`${productApiUrl}/cut`, { method: 'POST', headers: { 'X-API-Key': key }, body: cutForm({ duration: '0.5', 'metadata[order_id]': 'A1' }, readFileSync(clip)) });
    taskId = ((await cut.json()) as { task_id: string }).task_id;
    await waitForTask(productApiUrl, key, `/task/${taskId}`, 60_000);

    context = await newContext(language);
    page = await context.newPage();
    await signIn(page, user.email, { language });
  });

  afterAll(async () => {
    await context?.close();
  });

  // A phone test that failed half-way must not leave the next test on a phone.
  beforeEach(async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  const visit = async (path: string) => {
    await page.goto(`${endpoints.portal}${path}`);
    await settled(page);
  };

  it('dashboard, and its account menu open', async () => {
    await visit('/');
    await page.getByTestId('usage-bar').first().waitFor();
    await expectAccessible(page, `${language} /`);
    await page.getByRole('button', { name: t.layout.accountMenu }).click();
    await page.getByRole('button', { name: t.layout.accountMenu, expanded: true }).waitFor();
    await expectAccessible(page, `${language} / (account menu)`);
    await page.keyboard.press('Escape');
  });

  it('dashboard on a phone, with the tab bar', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await visit('/');
    await expectAccessible(page, `${language} / (360 px)`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('API keys: the list, then a new key shown once', async () => {
    await visit('/api-keys');
    await page.getByTestId('api-key-value').first().waitFor();
    await expectAccessible(page, `${language} /api-keys`);
    await page.getByLabel(t.keys.keyName).fill('second key');
    await page.getByRole('button', { name: t.keys.generateKey }).click();
    await page.getByTestId('new-api-key').waitFor();
    await snap(page, `a11y-${language}-new-key`);
    await expectAccessible(page, `${language} /api-keys (new key)`);
    await page.getByRole('button', { name: t.keys.newKey.confirm }).click();
  });

  it('API logs with rows, and the error dialog open', async () => {
    await visit('/api-logs');
    await eventually(
      async () => {
        if ((await page.getByTestId('log-row').count()) >= 2) return true;
        await page.getByRole('button', { name: t.logs.refresh }).click();
        return undefined;
      },
      { timeoutMs: 20_000, intervalMs: 500, what: 'two log rows' },
    );
    await expectAccessible(page, `${language} /api-logs`);
    await page.getByRole('button', { name: t.logs.viewError }).first().click();
    await page.getByRole('dialog').waitFor();
    await snap(page, `a11y-${language}-log-error`);
    await expectAccessible(page, `${language} /api-logs (error dialog)`);
    await page.keyboard.press('Escape');
  });

  it('Tasks with a task, and its page with the output, also on a phone', async () => {
    await visit('/tasks');
    await page.getByTestId('task-row').first().waitFor();
    await expectAccessible(page, `${language} /tasks`);
    await visit(`/tasks/${taskId}`);
    await page.getByTestId('output-player').waitFor();
    await snap(page, `a11y-${language}-task`);
    await expectAccessible(page, `${language} /tasks/{id}`);
    await page.setViewportSize({ width: 360, height: 780 });
    await expectAccessible(page, `${language} /tasks/{id} (360 px)`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it.each([
    ['subscription', '/subscription'],
    ['a task that is not there', '/tasks/00000000-0000-4000-8000-000000000000'],
    ['settings', '/settings'],
    ['checkout return without a session', '/success'],
    ['an unknown address', '/no-such-page'],
  ])('%s', async (_name, path) => {
    await visit(path);
    await expectAccessible(page, `${language} ${path}`);
  });

  it('settings with the picture crop dialog open', async () => {
    await visit('/settings');
    const board: Checkerboard = { width: 64, height: 48, cell: 8, colours: [[255, 255, 255], [30, 30, 120]] };
    await page.getByTestId('picture-input').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: checkerboardPng(board, 'a11y') });
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await snap(page, `a11y-${language}-crop-dialog`);
    await expectAccessible(page, `${language} /settings (crop dialog)`);
    await page.keyboard.press('Escape');
  });

  it('API docs, with an endpoint open', async () => {
    await visit('/api-docs');
    await page.locator('#endpoints-heading').waitFor();
    await expectAccessible(page, `${language} /api-docs`);
    const crop = page.getByRole('button', { name: /^POST \/crop / });
    await crop.click();
    await page.locator(`[id="${await crop.getAttribute('aria-controls')}"]`).getByRole('tabpanel').waitFor();
    await snap(page, `a11y-${language}-api-docs-crop`);
    await expectAccessible(page, `${language} /api-docs (POST /crop open)`);
    // One of the user's keys in the examples, then the same page on a phone.
    await page.getByTestId('example-key-picker').selectOption({ index: 1 });
    await page.locator('pre', { hasText: /X-API-Key: ff_/ }).first().waitFor();
    await expectAccessible(page, `${language} /api-docs (own key in the examples)`);
    await page.setViewportSize({ width: 360, height: 780 });
    await expectAccessible(page, `${language} /api-docs (360 px)`);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('API docs, the try-it console of POST /cut opened, then after a run with its output, also on a phone', async () => {
    const texts = language === 'ar' ? arDocs : enDocs;
    await visit('/api-docs');
    const cut = page.getByRole('button', { name: /^POST \/cut / });
    await cut.click();
    const panel = page.locator(`[id="${await cut.getAttribute('aria-controls')}"]`);
    await panel.getByRole('button', { name: texts.tryIt.open, exact: true }).click();
    const tryIt = panel.getByTestId('try-it-console');
    await tryIt.getByTestId('try-it-key').waitFor();
    await settled(page);
    await expectAccessible(page, `${language} /api-docs (try-it console open)`);
    await tryIt.getByTestId('try-it-key').selectOption({ index: 1 });
    await tryIt.getByRole('button', { name: texts.tryIt.run }).click();
    await tryIt.locator('video[data-testid="try-it-output"]').waitFor({ timeout: 90_000 });
    await settled(page);
    await snap(page, `a11y-${language}-api-docs-try-it`);
    await expectAccessible(page, `${language} /api-docs (try-it console after a run)`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, `${language} /api-docs (try-it console, 390 px)`);
  });
});
