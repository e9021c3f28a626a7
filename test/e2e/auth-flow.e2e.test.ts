/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { LocalPortalClient } from '@frameforge/local-stack/portal-client';
import { confirmedUser } from '../support/billing';
import { testEndpoints } from '../support/endpoints';
import { eventually } from '../support/eventually';
import { lazily } from '../support/lazily';
import { launchBrowser, pagePerTest, snap, staysAbsent } from './browser';

const endpoints = testEndpoints();
/** confirmedUser's password. */
const password = 'secret-pass';
const newPassword = 'second-pass';
const freshEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

let browser: Browser;
/** This test's own page (see pagePerTest): nobody is signed in when a test starts. */
let page: Page;
let inbox: LocalPortalClient;

/** The confirmed user the tests that only sign in share: no test changes its password or e-mail. */
const sharedUser = lazily(() => confirmedUser(endpoints, 'e2e-auth'));

beforeAll(async () => {
  // The shared user is made from the start, while the tests before its first use run; those tests wait for it (and see why it failed).
  void sharedUser().catch(() => undefined);
  [browser, inbox] = await Promise.all([launchBrowser(), LocalPortalClient.connect(endpoints)]);
});

afterAll(async () => {
  await browser?.close();
});

pagePerTest(() => browser, endpoints.portal, { viewport: { width: 1280, height: 800 } }, (opened) => (page = opened));

async function signIn(email: string, secret: string = password, on: Page = page) {
  await on.goto(`${endpoints.portal}/login`);
  await on.getByLabel('Email').fill(email);
  await on.getByLabel('Password', { exact: true }).fill(secret);
  await on.getByRole('button', { name: 'Sign In' }).click();
  await on.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Signs the shared user in on this test's page; the user. */
async function signInShared() {
  const user = await sharedUser();
  await signIn(user.email);
  return user;
}

/** Asks for a password reset from the login page. */
async function requestReset(email: string) {
  await page.goto(`${endpoints.portal}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
}

/** Opens a verification link the user pool refuses and asks the page for a new one; when it asked. */
async function askForNewLinkFromDeadOne(email: string): Promise<number> {
  await page.goto(`${endpoints.portalApi}/auth/confirm?email=${encodeURIComponent(email)}&code=000000`);
  await page.waitForURL('**/login?verify_error=*');
  const resentAt = Date.now();
  await page.getByRole('button', { name: 'Send a new verification link' }).click();
  await page.getByText('A new verification link is on its way').waitFor();
  return resentAt;
}

describe('portal in the browser', () => {
  it('shows the landing page and leads to sign in', async () => {
    await page.goto(endpoints.portal);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await snap(page, 'landing');
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.waitForURL('**/login');
    await snap(page, 'login');
  });

  it('redirects unknown signed-out paths to the landing page', async () => {
    await page.goto(`${endpoints.portal}/api-keys`);
    await page.waitForURL(`${endpoints.portal}/`);
  });

  it('signs up and asks to verify the e-mail', async () => {
    const email = freshEmail('e2e-signup');
    await page.goto(`${endpoints.portal}/login`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    await snap(page, 'verify-your-email');
  });

  it('offers a new verification link when a link is dead', async () => {
    const email = freshEmail('e2e-dead-link');
    await inbox.signUp(email, password);
    await askForNewLinkFromDeadOne(email);
    await snap(page, 'new-verification-link');
  });

  it('explains a link the sign-in service could not check, without offering a new one', async () => {
    // What /auth/confirm redirects to when the user pool fails or does not answer.
    const email = freshEmail('e2e-unavailable');
    await page.goto(`${endpoints.portal}/login?verify_error=unavailable&email=${encodeURIComponent(email)}`);
    await page.getByText('We could not verify your e-mail just now').waitFor();
    await page.getByText('Your link may still be valid: open it again in a few minutes.').waitFor();
    await staysAbsent(page.getByRole('button', { name: 'Send a new verification link' }), 'button for a new verification link');
  });

  it('confirms the account through the newest link in the inbox', async () => {
    const email = freshEmail('e2e-confirm');
    const since = Date.now() - 1000;
    await inbox.signUp(email, password);
    const first = await inbox.waitForMail(email, /verify/i, since);
    const resentAt = await askForNewLinkFromDeadOne(email);
    // Mail dates have whole seconds: the first e-mail may match the time too, so the newest is the one that is not it.
    const mail = await eventually(async () => {
      const newest = await inbox.waitForMail(email, /verify/i, resentAt);
      return newest.id === first.id ? undefined : newest;
    }, { timeoutMs: 15_000, what: 'the new verification e-mail' });
    await page.goto(LocalPortalClient.linkIn(mail));
    await page.waitForURL('**/login?verified=1');
    await snap(page, 'email-verified');
  });

  it('signs in and sees the dashboard', async () => {
    await signInShared();
    await snap(page, 'dashboard');
  });

  it('keeps signed-in users on their routes: unknown paths go to /, the reset page is always served', async () => {
    await signInShared();
    await page.goto(`${endpoints.portal}/no-such-page`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${endpoints.portal}/reset-password`);
    await page.getByText('Invalid or expired reset link. Please request a new password reset.').waitFor();
    await page.goto(endpoints.portal);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('creates an API key through the portal API', async () => {
    // Keys need a subscription; paying in the browser is the billing test's part.
    const user = await sharedUser();
    await Promise.all([user.client.subscribe(user.token, 'basic'), signIn(user.email)]);
    await page.reload();
    await page.getByRole('link', { name: 'API Keys' }).first().click();
    await page.getByRole('button', { name: 'Generate Key' }).waitFor();
    await page.getByLabel('Key name').fill('e2e key');
    await page.getByRole('button', { name: 'Generate Key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^ff_[0-9A-Za-z]{49}$/);
    await snap(page, 'api-key-created');
    const health = await fetch(`${endpoints.productApi}/task/none`, { headers: { 'X-API-Key': key } });
    expect(health.status).toBe(404);
  });

  it('signs out when the session can no longer be refreshed', async () => {
    const other = page;
    await signInShared();
    // Expire the stored tokens and spoil the refresh token, as a revoked session would be.
    await other.evaluate(() => {
      const expire = (jwt: string) => {
        const [head, body, sig] = jwt.split('.');
        const claims = JSON.parse(atob((body ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
        claims.exp = Math.floor(Date.now() / 1000) - 3600;
        return [head, btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'), sig].join('.');
      };
      for (const key of Object.keys(localStorage)) {
        if (key.endsWith('.idToken') || key.endsWith('.accessToken')) localStorage.setItem(key, expire(localStorage.getItem(key) ?? ''));
        if (key.endsWith('.refreshToken')) localStorage.setItem(key, 'revoked');
      }
    });
    await other.reload();
    await other.getByRole('button', { name: 'Sign In' }).first().waitFor();
    expect(await other.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('.refreshToken')))).toBe(false);
    await snap(other, 'signed-out-after-refresh-failure');
  });

  it('signs out from the profile menu', async () => {
    await signInShared();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await snap(page, 'profile-menu');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor();
    await snap(page, 'signed-out');
  });

  it('requests a password reset', async () => {
    await requestReset((await sharedUser()).email);
    await snap(page, 'check-your-email');
  });

  it('resets the password from the e-mailed link and signs in with the new one', async () => {
    const { email } = await confirmedUser(endpoints, 'e2e-reset');
    const since = Date.now() - 1000;
    await requestReset(email);
    const mail = await inbox.waitForMail(email, /reset/i, since);
    await page.goto(LocalPortalClient.linkIn(mail));
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await snap(page, 'reset-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
    await snap(page, 'password-reset-successful');
    await page.waitForURL('**/login', { timeout: 10_000 });
    await signIn(email, newPassword);
    await snap(page, 'signed-in-with-new-password');
  });

  it('works on a phone in Arabic, right to left', async () => {
    const phone = page;
    await phone.setViewportSize({ width: 375, height: 740 });
    await phone.goto(endpoints.portal);
    await phone.evaluate(() => localStorage.setItem('language', 'ar'));
    await phone.reload();
    await phone.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await phone.evaluate(() => document.documentElement.lang)).toBe('ar');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await snap(phone, 'landing-phone-arabic');

    // Signed in on the phone: the top navigation gives way to the tab strip.
    await phone.evaluate(() => localStorage.setItem('language', 'en'));
    await signIn((await sharedUser()).email, password, phone);
    await phone.evaluate(() => localStorage.setItem('language', 'ar'));
    await phone.reload();
    await phone.waitForFunction(() => document.documentElement.dir === 'rtl');
    const keysTab = phone.locator('nav a[href="/api-keys"]').locator('visible=true');
    await expect(keysTab.count()).resolves.toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    await snap(phone, 'dashboard-phone-arabic');
    await keysTab.click();
    await phone.waitForURL('**/api-keys');
  });
});
