/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { confirmedUser, type TestUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { launchBrowser, snap, staysAbsent } from './browser';
import { textsOf, type Language } from './portal-texts';

const endpoints = testEndpoints();
const fresh = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
/** Cognito's own words, which must never reach the page. */
const SERVICE_WORDING = /password did not conform|does not conform|not long enough|invalid password|user not (found|authorized)|incorrect username|user does not exist|exception/i;

let browser: Browser;
let known: TestUser;

beforeAll(async () => {
  browser = await launchBrowser();
  known = await confirmedUser(endpoints, 'policy-e2e');
});

afterAll(async () => {
  await browser?.close();
});

async function loginPage(language: Language, mode: '' | 'signUp' | 'reset'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(endpoints.portal);
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.goto(`${endpoints.portal}/login${mode ? `?mode=${mode}` : ''}`);
  return page;
}

async function submit(page: Page, language: Language, mode: 'signIn' | 'signUp' | 'reset', email: string, password?: string) {
  const auth = textsOf(language).auth;
  await page.getByLabel(auth.email).fill(email);
  if (password !== undefined) await page.getByLabel(auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: auth[mode].submit }).click();
}

describe('sign-up meets the pool policy, in the spec words', () => {
  it.each(['en', 'ar'] as const)('refuses a 5-character password with the minimum-length text (%s)', async (language) => {
    const auth = textsOf(language).auth;
    const page = await loginPage(language, 'signUp');
    await submit(page, language, 'signUp', fresh('short'), 'abcde');
    const alert = page.getByRole('alert');
    await alert.getByText(auth.reset.errors.passwordTooShort).waitFor();
    expect(await alert.textContent()).not.toMatch(SERVICE_WORDING);
    // Still the sign-up form: nothing was created, nothing to verify.
    await page.getByRole('button', { name: auth.signUp.submit }).waitFor();
    await staysAbsent(page.getByRole('heading', { name: auth.verifyEmail.title }), 'request to verify an e-mail');
    await snap(page, `sign-up-password-too-short-${language}`);
    await page.close();
  });

  it('accepts a password of exactly the minimum length', async () => {
    const auth = textsOf('en').auth;
    const page = await loginPage('en', 'signUp');
    await submit(page, 'en', 'signUp', fresh('long-enough'), 'abcdef');
    await page.getByRole('heading', { name: auth.verifyEmail.title }).waitFor();
    await page.close();
  });
});

describe('answers that tell no one which addresses have accounts', () => {
  /** The notice the reset request leads to, with the address written as a placeholder. */
  async function resetNotice(email: string): Promise<{ heading: string; body: string; path: string }> {
    const auth = textsOf('en').auth;
    const page = await loginPage('en', 'reset');
    await submit(page, 'en', 'reset', email);
    await page.getByRole('heading', { name: auth.checkEmail.title }).waitFor();
    const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const body = (await page.getByText(auth.checkEmail.body.replace('{{email}}', email)).textContent()) ?? '';
    const notice = { heading, body: body.replace(email, '{{email}}'), path: new URL(page.url()).pathname + new URL(page.url()).search };
    await snap(page, `reset-requested-${email === known.email ? 'known' : 'unknown'}`);
    await page.close();
    return notice;
  }

  it('answers a reset request for a known and an unknown address with the same screen', async () => {
    const forKnown = await resetNotice(known.email);
    const forUnknown = await resetNotice(fresh('nobody'));
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.body).toBe(textsOf('en').auth.checkEmail.body);
    expect(`${forKnown.heading} ${forKnown.body}`).not.toMatch(SERVICE_WORDING);
  });

  it('answers a wrong password and an unknown address at sign-in with one neutral message', async () => {
    const auth = textsOf('en').auth;
    const shown: string[] = [];
    for (const email of [known.email, fresh('stranger')]) {
      const page = await loginPage('en', '');
      await submit(page, 'en', 'signIn', email, 'not-the-password');
      const alert = page.getByRole('alert');
      await alert.getByText(auth.errors.wrongCredentials).waitFor();
      shown.push((await alert.textContent()) ?? '');
      await page.close();
    }
    expect(shown[1]).toBe(shown[0]);
    expect(shown[0]).not.toMatch(SERVICE_WORDING);
  });
});
